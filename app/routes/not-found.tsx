import { appErrorResponse } from "~/lib/app-error.server";
import { ErrorView } from "~/components/layout/error-view";

export function loader() {
  throw appErrorResponse("NOT_FOUND");
}

export default function NotFoundRoute() {
  return <ErrorView status={404} />;
}
