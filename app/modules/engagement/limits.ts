export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
export const COMMENT_MAX = 1000;
export const RATING_DEFAULT = 5;
