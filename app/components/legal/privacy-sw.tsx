// Privacy in Swahili (issue 50, ADR 048): long prose in a content module per language (the English text is the
// route's own, routes/privacy.tsx). The numbers are the retention job's (privacy/retention-rules.ts), as in English, so
// the two languages cannot promise different periods. Rendered by the server only (every Swahili page is,
// components/islands.tsx).
import { Link } from "react-router";
import { localizedHref } from "~/lib/locale";
import {
  ACCESS_LOG_RETENTION_DAYS,
  ANALYTICS_DAILY_RETENTION_DAYS,
  DEV_OUTBOX_RETENTION_DAYS,
  MAIL_DELIVERY_RETENTION_DAYS,
  PAYMENT_RECORD_RETENTION_YEARS,
  RATE_LIMIT_IDLE_HOURS,
} from "~/modules/privacy/retention-rules";

const h2 = "mt-8 text-xl font-semibold text-brand-700";

/** How long each kind of record is kept, row for row the English table. */
const RETENTION: [string, string][] = [
  ["Akaunti yako, alamisho, ulipoishia kusoma, tathmini na maoni yako", "Hadi utakapofuta akaunti yako"],
  ["Vipindi vya kuingia (anwani ya IP, kivinjari)", "Hadi kipindi kiishe (si zaidi ya siku 30), kisha hufutwa"],
  [
    "Kumbukumbu za ufikiaji na upakuaji (kitabu pepe ulichofungua au kupakua, na lini)",
    `Siku ${ACCESS_LOG_RETENTION_DAYS}, kisha hufutwa`,
  ],
  [
    "Kumbukumbu za majaribio ya kuingia na za barua pepe zilizotumwa kwa anwani (kuzuia kubahatisha nenosiri na mafuriko ya barua pepe)",
    `Saa ${RATE_LIMIT_IDLE_HOURS} baada ya jaribio la mwisho, kisha hufutwa`,
  ],
  [
    "Kumbukumbu za kila barua pepe ya makala iliyotumwa kwako (imetumwa, haikufaulu au ilikataliwa na seva yako ya barua pepe)",
    `Siku ${MAIL_DELIVERY_RETENTION_DAYS}, kisha hufutwa`,
  ],
  [
    "Hesabu za kurasa za kila siku, maneno ya utafutaji na ziara kutoka kila tovuti inayoleta wasomaji (hakuna mtu anayehifadhiwa pamoja nazo)",
    `Siku ${ANALYTICS_DAILY_RETENTION_DAYS}, kisha hufutwa (jumla za kurasa za kila mwezi huhifadhiwa)`,
  ],
  [
    "Alama fiche ya anwani yako pamoja na kipindi cha majaribio cha bure na misimbo ya ofa ya mara moja kwa kila msomaji ambayo anwani hiyo ilitumia (baada ya kufuta akaunti yako)",
    "Muda wote ofa hizo zipo, ili zisitolewe kwa anwani ile ile mara mbili",
  ],
  [
    "Oda, malipo, marejesho na kulipia upya kwa kadi (risiti zako hutengenezwa kutokana na hizi)",
    `Miaka ${PAYMENT_RECORD_RETENTION_YEARS}, kama sheria ya kodi ya Kenya inavyotaka`,
  ],
];

export function PrivacySwahili({ supportEmail }: { supportEmail: string }) {
  const contact = (
    <a className="text-brand-700 underline" href={`mailto:${supportEmail}`}>
      {supportEmail}
    </a>
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-gray-800">
      <h1 className="font-serif text-4xl font-bold text-gray-900">Faragha na data yako</h1>
      <p className="mt-2 text-gray-700">
        Nuru huhifadhi tu kile inachohitaji ili kuendesha akaunti yako, kukuuzia mipango na vitabu pepe, na kulinda
        usalama wa duka. Una haki zilizo katika Sheria ya Ulinzi wa Data ya Kenya (2019): kujua tunachohifadhi, kupata
        nakala yake, kukirekebisha na kukifuta.
      </p>

      <h2 className={h2}>Tunachohifadhi, na kwa nini</h2>
      <ul className="mt-2 list-disc space-y-2 pl-6">
        <li>
          <strong>Akaunti yako:</strong> jina lako na anwani yako ya barua pepe, na nenosiri lako likiwa limegeuzwa kuwa
          alama fiche isiyoweza kurudishwa (hatuwezi kulisoma), au kwamba unaingia kwa Google. Tunavihitaji ili
          kukuingiza na kukuandikia kuhusu akaunti yako na malipo yako.
        </li>
        <li>
          <strong>Vipindi vya kuingia:</strong> anwani ya IP na kivinjari cha kila kifaa ulichoingia nacho, ili usitoke
          kila mara na ili kugundua matumizi mabaya.
        </li>
        <li>
          <strong>Oda na malipo:</strong> ulichonunua, bei, nchi iliyotumika kuweka bei, na njia ya malipo ya Pesapal
          pamoja na msimbo wake wa uthibitisho. Tunavihitaji ili kukupa ulicholipia, kukupa risiti zako na kuhifadhi
          kumbukumbu zinazotakiwa na sheria. Kwa zawadi, anwani ya barua pepe ya mpokeaji (na namba yake ya simu na
          ujumbe, ukiviandika) huhifadhiwa pamoja na oda. Unapolipa kwa M-Pesa kwenye tovuti hii, namba ya simu
          iliyopokea ombi la M-Pesa, msimbo wa uthibitisho wa M-Pesa na, ukiiomba, risiti ya SMS tuliyokutumia (namba
          yake na maandishi yake) huhifadhiwa pamoja na oda; namba yako ya M-Pesa hukumbukwa kwa wakati ujao ikiwa tu
          ulichagua “Kumbuka namba hii kwa wakati ujao”.
        </li>
        <li>
          <strong>Usomaji wako:</strong> alamisho, ulipoishia katika kila kitabu pepe, tathmini na maoni yako, na
          kumbukumbu ya vitabu pepe unavyofungua na kupakua. Vinaliwezesha duka kukumbuka ulipofikia, kusimamia kikomo
          cha upakuaji, na kuonyesha kwamba kitabu pepe ulichonunua kilikufikia. Faili za vitabu pepe unazopakua hubeba
          anwani yako ya barua pepe na namba ya oda yako.
        </li>
        <li>
          <strong>Kumbukumbu za usalama:</strong> idadi ya majaribio ya kuingia na ya barua pepe kwa kila anwani, ili
          kuzuia kubahatisha nenosiri na mafuriko ya barua pepe.
        </li>
        <li>
          <strong>Hesabu za kurasa, si nani alizisoma:</strong> mara ngapi kila ukurasa wa makala, kitabu pepe na
          kategoria ulifunguliwa kila siku, maneno yaliyotafutwa pamoja na mara ngapi hayakupata kitu, na ziara ngapi
          kila siku zilitoka kwenye tovuti nyingine (jina la tovuti tu, kamwe si ukurasa) au kwenye kiungo cha kampeni.
          Zinahesabiwa kwenye seva yetu bila kidakuzi wala hati ya programu; hakuna jina, anwani wala kifaa
          kinachohifadhiwa pamoja nazo.
        </li>
      </ul>

      <h2 className={h2}>Historia ya usomaji wako ni yako</h2>
      <p className="mt-2">
        Hatutumii kamwe unachosoma kwa barua pepe au ofa. Nuru hutuma makala mpya kwa barua pepe kwa wasomaji
        walioziomba tu (na kuthibitisha kwa kiungo), katika kategoria walizochagua: unachosoma hakihusiki hata kidogo.
        Tunarekodi ulipokubali na maneno uliyokubali; kila barua pepe ina kiungo cha kujiondoa kwa kubofya mara moja na
        kiungo cha kubadilisha chaguo zako, na kujiondoa kunafanya kazi papo hapo. Barua pepe zetu hazina pikseli za
        kufuatilia. Ikiwa siku moja Nuru itataka kutumia historia ya usomaji wako kwa barua pepe, itakuomba ruhusa kwa
        matumizi hayo hasa kwanza.
      </p>

      <h2 className={h2}>Nani anaipokea</h2>
      <ul className="mt-2 list-disc space-y-2 pl-6">
        <li>
          <strong>Pesapal</strong>, mtoa huduma wetu wa malipo, hupokea jina lako, anwani yako ya barua pepe na nchi
          yako kwa kila malipo, na hushughulikia maelezo ya kadi yako au ya M-Pesa yenyewe (sisi hatuyaoni kamwe).
          Pesapal huhifadhi kumbukumbu zake za malipo chini ya sera yake ya faragha.
        </li>
        <li>
          <strong>Safaricom (M-Pesa)</strong>, unapolipa kwa M-Pesa kwenye tovuti hii: namba yako ya simu na kiasi, ili
          kutuma ombi la malipo kwenye simu yako.
        </li>
        <li>
          <strong>Mtoa huduma wetu wa SMS</strong> (Africa&apos;s Talking), ikiwa tu unaomba risiti ya SMS: namba yako
          ya simu na maandishi ya risiti, yanayosema ulinunua aina gani ya kitu na hadi lini, kamwe si jina la makala
          wala la kitabu pepe.
        </li>
        <li>
          <strong>Seva yetu ya barua pepe</strong> hupokea anwani yako ya barua pepe na maandishi ya kila barua pepe
          tunayokutumia (uthibitisho, kubadilisha nenosiri, risiti na vikumbusho vya mpango).
        </li>
        <li>
          <strong>Google</strong>, ikiwa tu unachagua kuingia kwa Google: inatuambia jina lako na anwani yako ya barua
          pepe.
        </li>
      </ul>
      <p className="mt-2">Hatuuzi data yako wala kuishiriki na watangazaji.</p>

      <h2 className={h2}>Tunaihifadhi kwa muda gani</h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-rose-200">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Nini
              </th>
              <th scope="col" className="py-2 font-semibold">
                Kwa muda gani
              </th>
            </tr>
          </thead>
          <tbody>
            {RETENTION.map(([what, how]) => (
              <tr key={what} className="border-b border-rose-100 align-top">
                <td className="py-2 pr-4">{what}</td>
                <td className="py-2">{how}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm text-gray-600">
        Nakala za majaribio za barua pepe kwenye mifumo yetu ya majaribio hufutwa baada ya siku{" "}
        {DEV_OUTBOX_RETENTION_DAYS}.
      </p>

      <h2 className={h2}>Haki zako, na jinsi ya kuzitumia</h2>
      <ul className="mt-2 list-disc space-y-2 pl-6">
        <li>
          <strong>Kujua na kupata nakala:</strong> kwenye{" "}
          <Link className="text-brand-700 underline" to={localizedHref("/account", "sw")}>
            ukurasa wa akaunti yako
          </Link>
          , &ldquo;Pakua data yangu&rdquo; hukupa kila kitu tunachohifadhi kukuhusu kama faili ya JSON.
        </li>
        <li>
          <strong>Kuirekebisha:</strong> badilisha jina lako kwenye ukurasa wa akaunti yako; ili kubadilisha anwani yako
          ya barua pepe, tuandikie.
        </li>
        <li>
          <strong>Kuifuta:</strong> &ldquo;Futa akaunti yangu&rdquo; kwenye ukurasa wa akaunti yako. Inafutwa papo hapo.
        </li>
        <li>
          <strong>Kupinga au kulalamika:</strong> tuandikie kwanza; unaweza pia kulalamika kwa Ofisi ya Kamishna wa
          Ulinzi wa Data (odpc.go.ke).
        </li>
      </ul>

      <h2 className={h2}>Unapofuta akaunti yako</h2>
      <p className="mt-2">
        Papo hapo, na kwa hatua moja: unatolewa kwenye kila kifaa na huwezi tena kuingia; jina lako, anwani yako ya
        barua pepe, nenosiri, alamisho, ulipoishia kusoma, tathmini, maoni, kumbukumbu za ufikiaji na upakuaji, na
        nakala za vitabu pepe zenye anwani yako zinafutwa; mipango na vitabu pepe vyako vinakoma, na kulipia upya kwa
        kadi kunasitishwa. Anwani yako ya barua pepe inaweza kutumika kujisajili tena.
      </p>
      <p className="mt-2">
        Kinachobaki: oda zako, malipo, marejesho na kumbukumbu za kulipia upya kwa kadi, kwa miaka{" "}
        {PAYMENT_RECORD_RETENTION_YEARS} tangu malipo, kwa sababu sheria ya kodi ya Kenya inataka biashara zihifadhi
        kumbukumbu hizo. Zinahifadhiwa bila jina lako wala anwani yako ya barua pepe: zinaonyesha &ldquo;Msomaji
        aliyefutwa&rdquo; badala yake. Zawadi uliyonunua inabaki kuwa sehemu ya kumbukumbu ya oda yake, pamoja na anwani
        ya mpokeaji, ili bado aweze kuipokea. Ikiwa hukuwa na malipo yoyote, hakuna kinachobaki. Kumbukumbu ya
        wasimamizi inaonyesha kwamba akaunti ilifutwa, si ya nani.
      </p>
      <p className="mt-2">
        Pia kinachobaki, ikiwa ulivitumia: kwamba anwani yako ilipata kipindi cha majaribio cha bure au ilitumia msimbo
        wa ofa wa mara moja kwa kila msomaji, ili akaunti mpya yenye anwani ile ile isivipate tena. Tunahifadhi tu alama
        fiche ya anwani (iliyotengenezwa kwa ufunguo wa siri, kwa hivyo haiwezi kugeuzwa tena kuwa anwani) na mara ngapi
        kila kimoja kilitumika; hakuna jina, hakuna anwani, hakuna chochote ulichosoma.
      </p>
      <p className="mt-2">
        Akaunti ya msimamizi inaweza kufutwa kwa njia hiyo hiyo, isipokuwa msimamizi wa mwisho wa duka: msimamizi
        mwingine lazima ateuliwe kwanza.
      </p>

      <h2 className={h2}>Mawasiliano kuhusu maombi ya data</h2>
      <p className="mt-2">Tuandikie kwa {contact} kutoka kwa anwani ya akaunti yako. Tunajibu ndani ya siku 7.</p>
    </article>
  );
}
