import { data } from "react-router";
import { getEnv } from "~/lib/env.server";

// Lets developers and the end-to-end suite see the error boundary; absent in production.
export function loader() {
  if (getEnv().isProduction) throw data(null, { status: 404 });
  return null;
}

export default function DevError(): never {
  throw new Error("Deliberate error for the error boundary");
}
