import { readForm } from "~/lib/read-form.server";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/users";
import { requireAdmin } from "~/modules/accounts/session.server";
import { listProfilesForAdmin, setProfileRole } from "~/modules/admin/overview.server";
import { setFlash } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";

export function meta() {
  return [{ title: "Users | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

const roleSchema = z.object({ userId: z.string().min(1), role: z.enum(["guest", "subscriber", "admin"]) });
const ROLE_LABELS = { guest: "Guest", subscriber: "Subscriber", admin: "Admin" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { users: await listProfilesForAdmin() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = roleSchema.safeParse(Object.fromEntries(await readForm(request)));
  const headers = new Headers();
  if (!parsed.success || !(await setProfileRole(parsed.data.userId, parsed.data.role))) {
    await setFlash(headers, {
      kind: "error",
      title: "Error",
      message: "Failed to update user role: unknown user or role",
    });
    return data(null, { status: 400, headers });
  }
  await setFlash(headers, {
    kind: "success",
    title: "Role Updated",
    message: `User role has been updated to ${parsed.data.role}.`,
  });
  throw redirect("/admin/users", { headers });
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame title="Users">
      <ul className="divide-y divide-gray-100 rounded-2xl border border-rose-100 bg-white">
        {loaderData.users.map((u) => (
          <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="admin-user">
            <div>
              <p className="font-semibold text-gray-900">
                {u.fullName || "No name"}{" "}
                <span className="ml-1 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                  {ROLE_LABELS[u.role]}
                </span>
              </p>
              <p className="text-sm text-gray-700">{u.email}</p>
              <p className="text-xs text-gray-600">Joined {new Date(u.createdAt).toLocaleDateString("en-GB")}</p>
            </div>
            <Form method="post" className="flex items-center gap-2">
              <input type="hidden" name="userId" value={u.id} />
              <label htmlFor={`role-${u.id}`} className="sr-only">
                Role for {u.email}
              </label>
              <select
                id={`role-${u.id}`}
                name="role"
                defaultValue={u.role}
                className="rounded-md border border-gray-300 px-2 py-1.5 text-sm"
              >
                <option value="guest">Guest</option>
                <option value="subscriber">Subscriber</option>
                <option value="admin">Admin</option>
              </select>
              <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white">
                Save
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </AdminFrame>
  );
}
