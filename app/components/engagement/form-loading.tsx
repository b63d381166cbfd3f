/** Where a review or comment form appears once its code has loaded. */
export function FormLoading({ what }: { what: "review" | "comment" }) {
  return (
    <p className="mt-4 text-sm text-gray-600">
      Loading the {what} form…
      <noscript> Writing a {what} needs JavaScript turned on in your browser.</noscript>
    </p>
  );
}
