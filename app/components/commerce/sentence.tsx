import { Link } from "react-router";
import type { Sentence } from "~/modules/membership/purchase-kind-words";

/**
 * A sentence whose words a module chose (a purchase kind's "what next", membership/purchase-kind-words.ts), rendered
 * as they are: the page gives only its link style. A strong part is an address, so it may break anywhere.
 */
export function SentenceText({ sentence, linkClassName }: { sentence: Sentence; linkClassName: string }) {
  return (
    <p data-testid={sentence.testId}>
      {sentence.parts.map((part, i) =>
        typeof part === "string" ? (
          part
        ) : "strong" in part ? (
          <span key={i} className="font-semibold break-all">
            {part.strong}
          </span>
        ) : (
          <Link key={i} to={part.to} className={linkClassName}>
            {part.link}
          </Link>
        ),
      )}
    </p>
  );
}
