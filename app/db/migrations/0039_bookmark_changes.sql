CREATE TABLE "bookmark_changes" (
	"user_id" text NOT NULL,
	"content_type" "content_kind" NOT NULL,
	"content_id" uuid NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bookmark_changes_user_id_content_type_content_id_pk" PRIMARY KEY("user_id","content_type","content_id")
);
--> statement-breakpoint
ALTER TABLE "bookmark_changes" ADD CONSTRAINT "bookmark_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;