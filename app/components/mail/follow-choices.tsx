import { FREQUENCIES } from "~/modules/member-mail/member-mail-form";
import { useLocale, useT } from "~/lib/i18n/use-t";

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
  const t = useT();
  const sw = useLocale() === "sw";
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">{t("follow.categories")}</legend>
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
        <legend className="text-sm font-medium text-gray-800">{t("follow.howOften")}</legend>
        <div className="mt-2 grid gap-1">
          {FREQUENCIES.map((f) => (
            <label key={f.value} className="flex min-h-11 items-center gap-2 text-gray-800">
              <input type="radio" name="frequency" value={f.value} defaultChecked={frequency === f.value} />
              {sw ? (f.value === "weekly" ? t("follow.weekly") : t("follow.each")) : f.label}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
