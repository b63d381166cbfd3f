import { adminViewer, type AdminViewer, type Role } from "~/modules/access/policy";
import { loadViewer } from "~/modules/access/viewer.server";

/**
 * An admin's AdminViewer, checked as requireAdmin checks it (the only key admin-only module functions take); the test
 * fails here when the person is not an admin.
 */
export async function loadAdmin(user: { id: string; role: Role }, now?: Date): Promise<AdminViewer> {
  const admin = adminViewer(await loadViewer(user, now));
  if (!admin) throw new Error(`${user.id} is not an admin`);
  return admin;
}
