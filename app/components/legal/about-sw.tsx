// The about page in Swahili (issue 50, ADR 048): long prose lives in a content module per language, not in the
// catalogue; the English text is the route's own (routes/about.tsx). Rendered by the server only: every Swahili page
// is rendered without React in the browser (components/islands.tsx), so the browser's build never holds it.
import { Link } from "react-router";
import { localizedHref } from "~/lib/locale";

export function AboutSwahili() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-serif text-4xl font-bold text-gray-900">Kuhusu Nuru</h1>
      <p className="mt-4 text-lg text-gray-700">
        Nuru maana yake ni mwanga. Tunachapisha miongozo ya vitendo, ya upole na iliyoandikwa kwa uangalifu wa kitabibu
        kuhusu uzito, kujiamini kuhusu mwili wako, afya ya matiti na utunzaji wa ngozi, kwa ajili ya maisha halisi ya
        wanawake wa Kenya.
      </p>

      <section id="mission" aria-labelledby="mission-title" className="mt-12 scroll-mt-24">
        <h2 id="mission-title" className="text-2xl font-semibold text-brand-700">
          Lengo letu
        </h2>
        <p className="mt-3 text-gray-700">
          Kila mwanamke anastahili ushauri wa afya njema unaoendana na jiko lake, bajeti yake na ratiba yake. Waandishi
          na wakaguzi wetu hugeuza maarifa sahihi ya lishe na mazoezi kuwa mipango inayozingatia sukuma wiki na githeri,
          safari ya matatu na nyumba yenye shughuli nyingi, badala ya milo ya kigeni na ada ghali za ukumbi wa mazoezi.
        </p>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-gray-700">
          <li>Ushauri wa kweli bila ahadi za miujiza, na maelezo wazi kuhusu wakati wa kumwona daktari.</li>
          <li>Makala za bure kwa kila mtu, na miongozo ya kina zaidi kwa wanachama wanaotaka kwenda mbali zaidi.</li>
          <li>Bei kwa shilingi, malipo kwa M-Pesa au kadi, na bei za haki kwa wasomaji walio nje ya Kenya.</li>
        </ul>
      </section>

      <section id="story" aria-labelledby="story-title" className="mt-12 scroll-mt-24">
        <h2 id="story-title" className="text-2xl font-semibold text-brand-700">
          Safari yetu
        </h2>
        <p className="mt-3 text-gray-700">
          Nuru ilianza Nairobi kama kikundi cha WhatsApp cha marafiki waliobadilishana mipango ya chakula na njia za
          kutembea. Maswali yaliendelea kuja: jinsi ya kupunguza uzito wa baada ya kujifungua kwa usalama, jinsi ya
          kuongeza uzito bila vyakula visivyo na faida, jinsi ya kuchunguza matiti yetu, jinsi ya kutunza ngozi yetu
          juani. Tukaanza kuyaandika majibu, na wasomaji wakaanza kuyashiriki.
        </p>
        <p className="mt-3 text-gray-700">
          Leo Nuru ni timu ndogo ya waandishi, mtaalamu wa lishe na wahariri wanaochapisha makala na vitabu pepe kwa
          ajili ya wanawake kote Kenya na walio ughaibuni. Uanachama wako ndio unaoifanya Nuru iendelee kung&apos;aa, na
          uandishi wetu ubaki huru.
        </p>
      </section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link
          to={localizedHref("/articles", "sw")}
          className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Soma makala zetu
        </Link>
        <Link
          to={localizedHref("/pricing", "sw")}
          className="rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-rose-50"
        >
          Angalia mipango ya uanachama
        </Link>
      </div>
    </div>
  );
}
