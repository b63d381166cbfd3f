import { getDb } from "~/db/client.server";
import { listOutbox } from "./mailer.server";

export function readOutbox() {
  return listOutbox(getDb(), 50);
}
