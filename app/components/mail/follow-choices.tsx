import { FREQUENCIES } from "~/modules/member-mail/member-mail-form";

/**
 * What she gets by e-mail: the categories she follows (none ticked means all) and how often. Plain inputs, so the
 * form works without JavaScript.
 */
export function FollowChoices({
  categories,
  checked,
  frequency,
}: {
  categories: { id: string; name: string }[];
  checked: readonly string[];
  frequency: "each" | "weekly";
}) {
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Categories (none ticked: all of them)</legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {categories.map((c) => (
            <label key={c.id} className="flex min-h-11 items-center gap-2 text-gray-800">
              <input type="checkbox" name="categoryIds" value={c.id} defaultChecked={checked.includes(c.id)} />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">How often</legend>
        <div className="mt-2 grid gap-1">
          {FREQUENCIES.map((f) => (
            <label key={f.value} className="flex min-h-11 items-center gap-2 text-gray-800">
              <input type="radio" name="frequency" value={f.value} defaultChecked={frequency === f.value} />
              {f.label}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
