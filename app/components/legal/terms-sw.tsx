// The terms in Swahili (issue 50, ADR 048): long prose in a content module per language (the English text is the
// route's own, routes/terms.tsx). The renewal rules are the catalogue's (rules.*), whose English is the text /pricing
// and the English terms show (modules/membership/renewal-rules.ts; tests/unit/legal-pages.test.ts keeps them equal).
// Rendered by the server only (every Swahili page is, components/islands.tsx).
import { useT } from "~/lib/i18n/use-t";

const h2 = "mt-8 text-xl font-semibold text-brand-700";

export function TermsSwahili({ supportEmail }: { supportEmail: string }) {
  const t = useT();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-gray-800">
      <h1 className="font-serif text-4xl font-bold text-gray-900">Masharti ya matumizi</h1>
      <p className="mt-2 text-sm text-gray-600">
        Masharti haya yanamhusu kila mtu anayesoma, anayenunua au aliye na usajili kwenye Nuru.
      </p>

      <h2 className="mt-10 text-xl font-semibold text-brand-700">1. Usajili na kulipia upya</h2>
      <p className="mt-2">
        Mpango wa uanachama unakupa ufikiaji kwa kipindi kilichoonyeshwa kwenye ukurasa wa bei. {t("rules.prepaid")}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        <li>{t("rules.card")}</li>
        <li>{t("rules.reminder")}</li>
        <li>{t("rules.cancel")}</li>
      </ul>

      <h2 className={h2}>2. Malipo na kurejeshewa pesa</h2>
      <p className="mt-2">
        Bei zimewekwa kwa shilingi za Kenya na zinaweza kuonyeshwa kwa sarafu ya nchi yako. Malipo hayarejeshwi,
        isipokuwa malipo yaliyofanywa mara mbili au hitilafu za kiufundi zilizothibitishwa: hayo tunayarejesha yote
        yakishathibitishwa. Zawadi ambayo bado haijapokelewa inaweza kurejeshewa pesa zote mnunuzi akituomba;
        ikishapokelewa, pesa zake hazirejeshwi, kama malipo mengine yoyote.
      </p>

      <h2 className={h2}>3. Kusitisha</h2>
      <p className="mt-2">
        Unaweza kusitisha kulipia upya wakati wowote kutoka Maktaba yangu. Kusitisha kunazuia tu malipo ya vipindi
        vijavyo: unaendelea kupata ufikiaji hadi mwisho wa muda uliolipia. Hatutoi marejesho ya sehemu ya pesa kwa muda
        ambao hukuutumia.
      </p>

      <h2 className={h2}>4. Kupinga malipo</h2>
      <p className="mt-2">
        Tafadhali wasiliana nasi kabla ya kupinga malipo kupitia benki yako au mtoa huduma wako wa pesa kwa simu.
        Kupinga malipo kwa njia hiyo kunaweza kusababisha akaunti yako kusimamishwa au kufungwa.
      </p>

      <h2 className={h2}>5. Matumizi yako binafsi</h2>
      <p className="mt-2">
        Unapewa makala na vitabu pepe kwa matumizi yako binafsi tu, si ya kibiashara. Hairuhusiwi kuvinakili, kuviuza
        tena, kuvishiriki wala kuvichapisha. Faili za vitabu pepe zinaweza kubeba anwani yako ya barua pepe na namba ya
        oda yako.
      </p>

      <h2 className={h2}>6. Taarifa za afya</h2>
      <p className="mt-2">
        Maudhui yetu ni taarifa za jumla za afya njema, si ushauri wa kitabibu. Mwone mtaalamu wa afya aliyehitimu
        kuhusu hali yako binafsi, na kabla ya kuanza mlo mpya au mpango mpya wa mazoezi.
      </p>

      <h2 className={h2}>7. Sheria inayotumika</h2>
      <p className="mt-2">Masharti haya yanaongozwa na sheria za Kenya.</p>

      <h2 className={h2}>8. Mawasiliano</h2>
      <p className="mt-2">
        Maswali kuhusu masharti haya au kuhusu malipo:{" "}
        <a className="text-brand-700 underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
        .
      </p>
    </article>
  );
}
