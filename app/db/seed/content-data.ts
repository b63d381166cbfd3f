// Demo content for the Nuru wellness content shop (Kenya, prices in KES).
// Pure data module: imported by the seed script, which turns image keys into
// locally generated images and creates categories, articles, ebooks and more.

export type AccessType = "free" | "premium" | "subscription";

export type SeedBlock =
  | { type: "text"; content: string }
  | { type: "image"; content: string; caption: string }
  | { type: "video"; content: string; caption: string };

export interface SeedCategory {
  name: string;
  /** The name and description on Swahili pages (issue 50, ADR 048). */
  nameSw: string;
  slug: string;
  description: string;
  descriptionSw: string;
  icon: string;
  themeColor: string;
  colorGradient: string;
}

export interface SeedArticle {
  key: string;
  /** The language it is written in; English when absent (issue 50). */
  language?: "en" | "sw";
  /** The key of the article this one translates (issue 50): the two are linked both ways. */
  translationOf?: string;
  title: string;
  excerpt: string;
  metaDescription: string;
  categorySlugs: string[];
  accessType: AccessType;
  tags: string[];
  isFeatured: boolean;
  isMustRead: boolean;
  published: boolean;
  daysAgo: number;
  /** Rich blocks, as the spec's block editor stores them... */
  blocks: SeedBlock[];
  /** ...or HTML from the rich text editor, shown after an optional video (the spec's other article shape). */
  html?: string;
  videoUrl?: string;
}

export interface SeedEbook {
  key: string;
  /** The language it is written in; English when absent (issue 50). */
  language?: "en" | "sw";
  /** The key of the ebook this one translates (issue 50): the two are linked both ways. */
  translationOf?: string;
  title: string;
  description: string;
  categorySlugs: string[];
  accessType: AccessType;
  // KES, exact ("299.00"); null means subscription-only.
  price: string | null;
  published: boolean;
  downloadable: boolean;
  coverColors: [string, string];
  daysAgo: number;
  chapters: { title: string; paragraphs: string[] }[];
}

export interface SeedTestimonial {
  name: string;
  role: string;
  content: string;
  rating: number;
}

export interface SeedHeroSlide {
  title: string;
  subtitle: string;
  imageKey: string;
  primaryButtonText: string;
  primaryButtonLink: string;
  secondaryButtonText: string;
  secondaryButtonLink: string;
  /** Its words on the Swahili home page (docs/glossary-sw.md; the buttons say what the shop's pages say). */
  titleSw: string;
  subtitleSw: string;
  primaryButtonTextSw: string;
  secondaryButtonTextSw: string;
}

// Small helpers to keep the block data readable.
const text = (...paragraphs: string[]): SeedBlock => ({ type: "text", content: paragraphs.join("\n\n") });
const image = (key: string, caption: string): SeedBlock => ({ type: "image", content: key, caption });
const video = (id: string, caption: string): SeedBlock => ({
  type: "video",
  content: `https://www.youtube.com/embed/${id}`,
  caption,
});

// ---------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------

export const categories: SeedCategory[] = [
  {
    name: "Weight Loss",
    nameSw: "Kupunguza Uzito",
    slug: "weight-loss",
    description:
      "Sustainable, realistic weight loss built around Kenyan foods, everyday movement and habits that last.",
    descriptionSw:
      "Kupunguza uzito kwa njia endelevu na ya kweli, kwa vyakula vya Kenya, mazoezi ya kila siku na tabia zinazodumu.",
    icon: "scale",
    themeColor: "#10b981",
    colorGradient: "from-emerald-500 to-teal-500",
  },
  {
    name: "Hips & Glutes",
    nameSw: "Nyonga na Makalio",
    slug: "hips-glutes",
    description: "Home workouts and smart nutrition to build strength, shape and confidence in your lower body.",
    descriptionSw:
      "Mazoezi ya nyumbani na lishe bora ya kujenga nguvu, umbo na kujiamini katika sehemu ya chini ya mwili.",
    icon: "dumbbell",
    themeColor: "#f43f5e",
    colorGradient: "from-rose-500 to-pink-500",
  },
  {
    name: "Breast Health & Confidence",
    nameSw: "Afya ya Matiti na Kujiamini",
    slug: "breast-health-confidence",
    description: "Self-exams, bra fit, posture and honest information to care for your breasts at every age.",
    descriptionSw:
      "Kujichunguza matiti, sidiria inayokufaa, mkao na habari za kweli za kutunza matiti yako katika kila umri.",
    icon: "heart",
    themeColor: "#ec4899",
    colorGradient: "from-pink-500 to-fuchsia-500",
  },
  {
    name: "Flat Tummy & Lower Belly",
    nameSw: "Tumbo Tambarare",
    slug: "flat-tummy-lower-belly",
    description: "Core strength, beating the bloat and post-baby recovery, without waist trainers or detox teas.",
    descriptionSw:
      "Misuli imara ya tumbo, kupunguza gesi tumboni na kupona baada ya kujifungua, bila mikanda ya kubana kiuno wala chai za kusafisha mwili.",
    icon: "activity",
    themeColor: "#8b5cf6",
    colorGradient: "from-violet-500 to-purple-500",
  },
  {
    name: "Weight Gain",
    nameSw: "Kuongeza Uzito",
    slug: "weight-gain",
    description: "Healthy, steady weight gain for naturally slim women, with energy-rich meals and strength training.",
    descriptionSw:
      "Kuongeza uzito kwa afya na polepole kwa wanawake walio wembamba kwa asili, kwa milo yenye nguvu na mazoezi ya kujenga misuli.",
    icon: "apple",
    themeColor: "#f59e0b",
    colorGradient: "from-amber-500 to-orange-500",
  },
  {
    name: "Skin & Beauty",
    nameSw: "Ngozi na Urembo",
    slug: "skin-beauty",
    description:
      "Skincare for melanin-rich skin and the Kenyan climate: sun protection, dark marks and natural ingredients.",
    descriptionSw:
      "Utunzaji wa ngozi nyeusi katika hali ya hewa ya Kenya: kujikinga na jua, madoa meusi na viambato vya asili.",
    icon: "sparkles",
    themeColor: "#fb923c",
    colorGradient: "from-orange-400 to-rose-400",
  },
];

// ---------------------------------------------------------------------------
// Articles
// ---------------------------------------------------------------------------

export const articles: SeedArticle[] = [
  {
    key: "kenyan-plate-method",
    title: "The Kenyan Plate Method: Eating Ugali and Still Losing Weight",
    excerpt:
      "You don't have to give up ugali to lose weight. A simple way of dividing your plate helps you eat familiar Kenyan food in portions that support steady, lasting results.",
    metaDescription:
      "Lose weight without giving up ugali. Learn the plate method with sukuma wiki, beans, omena and other everyday Kenyan foods.",
    categorySlugs: ["weight-loss"],
    accessType: "free",
    tags: ["nutrition", "portions", "kenyan-food", "beginners"],
    isFeatured: true,
    isMustRead: false,
    published: true,
    daysAgo: 3,
    blocks: [
      text(
        "Losing weight does not mean saying goodbye to ugali. For most Kenyan women, the problem is not one food but the proportions on the plate. A typical lunch might be two big fists of ugali, a small spoon of sukuma wiki and a piece of meat, and by four o'clock you are hungry again and reaching for a mandazi.",
        "The plate method is a simple way to rebalance what you already eat. You do not need to weigh anything or buy special foods from the supermarket. You only need a normal dinner plate and a few minutes of attention when you serve.",
      ),
      image(
        "img:kenyan-plate",
        "Half vegetables, a quarter protein, a quarter starch: the plate method with familiar Kenyan foods.",
      ),
      text(
        "Picture your plate in four parts. Half of it should be vegetables: sukuma wiki, cabbage, spinach, managu, terere, carrots, tomatoes or a kachumbari salad. These fill you up with fibre and water for very few calories.",
        "One quarter is for protein: beans, ndengu, omena, eggs, chicken, fish, lean beef or a cup of githeri where the beans are generous. Protein keeps you full longer and helps protect your muscle while you lose fat.",
        "The last quarter is for starch: ugali, rice, chapati, sweet potato, arrow roots or matoke. A fair portion is roughly the size of your closed fist. If you are very active, or do physical work, you may need a little more, and that is fine.",
        "Add a thumb-sized portion of healthy fat, such as a few slices of avocado or the oil you cook with, and you have a balanced meal that will carry you through the afternoon.",
      ),
      video("nR7kQ2pLx4A", "Watch: building a balanced plate with sukuma wiki, beans and ugali."),
      text(
        "Start with supper, because that is where portions tend to grow. Serve vegetables first, then protein, then starch last, so the starch fills the space that is left rather than the whole plate. Eat slowly and put your spoon down between bites. Many women find they are satisfied before the plate is empty.",
        "Watch the cooking oil. Sukuma wiki fried in a lot of oil becomes a high-calorie dish very quickly. Try measuring one tablespoon of oil for the whole sufuria, adding a splash of water to steam the greens, and seasoning with onions, tomatoes and a squeeze of lemon.",
        "Drinks count too. A sweet soda with lunch or two cups of chai with three spoons of sugar each can add several hundred calories a day. Water, unsweetened chai or chai with one spoon of sugar are easy swaps.",
      ),
      text(
        "Be patient with yourself. A loss of about half a kilo to one kilo per week is a healthy pace for most adults. If you have diabetes, high blood pressure, are pregnant or breastfeeding, or take regular medication, talk to your doctor or a nutritionist before changing how you eat, so your plan fits your body and your health.",
        "The goal is a way of eating you can keep for years, at home, at the office and at family gatherings. Ugali can stay. It just no longer gets the whole plate.",
      ),
    ],
  },
  {
    key: "walking-in-nairobi",
    title: "Walking Your Way Lighter: Steps, Stairs and Matatu Stops",
    excerpt:
      "Walking is free, needs no gym and fits into the busiest Nairobi day. Here is how to turn everyday steps into a real tool for weight loss, energy and better mood.",
    metaDescription:
      "A practical walking guide for Kenyan women: step targets, brisk walking, safe routes and easy ways to add steps to city life.",
    categorySlugs: ["weight-loss"],
    accessType: "free",
    tags: ["walking", "exercise", "nairobi", "habits"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 8,
    blocks: [
      text(
        "Walking is the most underrated weight loss tool available to Kenyan women. It is free, it needs no gym membership and no special clothes, and most of us already do some of it every day. The trick is to do a little more, a little more often, and to do it on purpose.",
        "Regular walking burns calories, supports heart health, helps control blood sugar and is one of the best things you can do for stress. For many women it is also easier on the joints than running, which matters if you are starting from a heavier weight or returning to exercise after a long break.",
      ),
      image("img:walking", "An early-morning walk before the city wakes up is one of the easiest habits to keep."),
      text(
        "A common target is 7,000 to 10,000 steps a day, but the best target is simply more than you do now. If your phone says you average 3,000 steps, aim for 4,500 for two weeks, then 6,000. Small jumps are easier to keep.",
        "Nairobi life offers plenty of chances. Get off the matatu one or two stops early and walk the rest of the way to work. Take the stairs instead of the lift at the office, even if only for the first few floors. Walk to the kiosk or the market instead of asking for delivery. Take a phone call on your feet, pacing the corridor or the compound.",
        "On weekends, a longer walk with a friend, your children or your chama members can become something you look forward to. Karura Forest, the Arboretum, Uhuru Park and the paths around many estates are good places to start. In smaller towns, a walk along a quiet road in the early evening works just as well.",
      ),
      text(
        "To turn an everyday walk into exercise, pick up the pace until you are breathing faster but can still talk in short sentences. This is often called brisk walking. Three or four times a week, aim for 30 minutes at this pace. If 30 minutes feels like too much, start with 10 minutes twice a day.",
        "Wear comfortable shoes with some cushioning, carry water, especially in the dry afternoons, and protect your skin with sunscreen and a hat if you walk in the midday sun. Safety matters too: walk in well-lit areas, let someone know your route if you walk early or late, and keep your phone and valuables out of sight.",
      ),
      text(
        "Walking on its own will not undo a diet that is very high in sugar and fried food, but combined with sensible portions it makes a real difference over months. It also improves sleep and mood, which make it easier to eat well.",
        "If you have heart problems, severe joint pain, or feel chest pain, dizziness or unusual breathlessness when walking, stop and see a doctor before continuing.",
      ),
    ],
  },
  {
    key: "weight-loss-plateau",
    title: "Why the Scale Stopped Moving (and What to Do Next)",
    excerpt:
      "The first kilos came off quickly, then nothing. A weight loss plateau is normal and fixable. Learn what is really happening and how to review your plan calmly.",
    metaDescription:
      "Stuck on a weight loss plateau? Understand water weight, shrinking energy needs and habit drift, plus a simple plan to start progressing again.",
    categorySlugs: ["weight-loss"],
    accessType: "premium",
    tags: ["plateau", "motivation", "strength-training", "habits"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 15,
    blocks: [
      text(
        "You have been eating better and moving more for a few months. The first kilos came off quickly, and then, without warning, the scale stopped. Week after week it shows the same number, or even goes up a little. This is one of the most frustrating moments in any weight loss journey, and one of the most common.",
        "A plateau does not mean your effort is wasted. It usually means your body has adjusted to the changes you made, and it is time to review, not to give up.",
      ),
      text(
        "First, understand what the scale measures. It shows your total weight, including water, food in your gut and muscle, not just fat. Many women retain more water in the days before their period, after a salty meal such as well-seasoned nyama choma, or after a hard workout. Weight can swing by one or two kilos from day to day for these reasons alone.",
        "Second, a smaller body needs less energy. As you lose weight, the portions that once created a deficit may now simply maintain your new weight. This is normal biology, not failure.",
        "Third, habits drift. The small extras creep back: a second chapati, a little more sugar in chai, a soda at a weekend function, tasting food while cooking. None of these is a problem on its own, but together they can close the gap.",
      ),
      image("img:scale-journal", "A simple food and activity notebook often reveals what the scale cannot."),
      text(
        "Here is a simple review. For one week, write down everything you eat and drink, honestly, without changing anything. Many women are surprised by what they find. Look at portion sizes of ugali, rice and chapati, the amount of oil used in cooking, and snacks between meals.",
        "Next, look at movement. If you have been doing the same 30-minute walk for three months, your body has become efficient at it. Add a few minutes, choose a route with hills, or add two short strength sessions a week with squats, lunges and push-ups against a wall. Muscle helps your body use energy and improves your shape even when the scale is slow.",
        "Check your sleep and stress too. Short nights and constant stress can increase appetite and cravings, especially for sweet and salty foods.",
      ),
      text(
        "Measure progress in more ways than one. Take your waist measurement once a month, notice how your clothes fit, and keep a note of how many stairs you can climb without stopping. These often change when the scale does not.",
        "If you have been stuck for more than two or three months despite consistent effort, or if you notice tiredness, hair loss, irregular periods or feeling cold all the time, see a doctor. Conditions such as thyroid problems and PCOS, as well as some medicines, can affect weight, and they deserve proper assessment.",
      ),
    ],
  },
  {
    key: "hidden-calories-chai-mandazi",
    title: "Chai, Mandazi and the Hidden Calories in Your Daily Routine",
    excerpt:
      "The cups of chai, the mandazi on the way to work and the soda at a send-off add up quietly. Find the hidden calories in your day and make swaps you will barely notice.",
    metaDescription:
      "How much do chai, mandazi and sodas really add to your day? Simple swaps for weight loss and a less bloated tummy.",
    categorySlugs: ["weight-loss", "flat-tummy-lower-belly"],
    accessType: "subscription",
    tags: ["snacks", "sugar", "chai", "swaps"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 22,
    blocks: [
      text(
        "Most of us can describe what we ate for lunch. Fewer of us can list everything else: the two cups of chai at the office, the mandazi from the kibanda on the way to work, the handful of groundnuts at four o'clock and the soda at a colleague's send-off. These small bites and sips can add up to a meal's worth of energy every day without ever feeling like a meal.",
      ),
      image("img:chai-cup", "Chai can stay in your day. It is the sugar and the mandazi beside it that add up."),
      text(
        "Start with chai. A cup made with whole milk and two teaspoons of sugar contains roughly 100 to 150 calories. Three cups a day is 300 to 450 calories, close to a full extra meal. You do not need to give up chai. Try reducing sugar by half a spoon each week until you are at one spoon or none, use half milk and half water, or swap one cup a day for plain tea with lemon or ginger.",
        "Mandazi and other fried snacks are the next surprise. One medium mandazi can be 200 calories or more because it absorbs oil while frying. Samosas, bhajia and chips mwitu are similar. Enjoy them as a weekend treat rather than a daily breakfast, and if you buy one, pair it with something that has protein, like a boiled egg, so you stay full longer.",
        "Sweet drinks are the easiest place to make a change. A 500 ml soda or many packaged juices contain around 10 to 13 teaspoons of sugar. Water, sparkling water with a slice of lemon or cucumber, or diluted fresh juice are better everyday choices.",
      ),
      text(
        "Hidden calories also affect how your tummy feels. Large amounts of sugar and fried food can leave you feeling heavy and bloated, and a diet high in added sugar is linked to more fat stored around the waist over time. Cutting back often brings a flatter-feeling stomach before the scale changes much.",
        "Try a simple audit. For three days, note every drink and snack. Then choose just two swaps to focus on for the next month, for example one spoon less sugar in chai and fruit instead of a mandazi at ten o'clock. Changing too much at once often leads to giving up.",
      ),
      text(
        "Better snacks that travel well on a busy day include a banana or an orange, a boiled egg, a small handful of groundnuts, roasted maize, a slice of sweet potato from last night's supper or plain yoghurt.",
        "Be kind to yourself at social events. Eat a proper meal before a function so you are not starving, choose one treat you really enjoy and skip the ones you don't care about. Occasional celebrations are part of life and do not cancel out your progress.",
      ),
    ],
  },
  {
    key: "bedsitter-glute-workout",
    title: "A 20-Minute Glute Workout You Can Do in a Bedsitter",
    excerpt:
      "No gym, no equipment, no noise for the neighbours downstairs. This 20-minute circuit builds strength in your hips and glutes using a mat-sized space and a sturdy chair.",
    metaDescription:
      "A quiet 20-minute home glute workout for small spaces: bridges, squats, lunges and kicks, with form tips and progressions.",
    categorySlugs: ["hips-glutes"],
    accessType: "free",
    tags: ["glutes", "home-workout", "beginners", "strength"],
    isFeatured: true,
    isMustRead: false,
    published: true,
    daysAgo: 5,
    blocks: [
      text(
        "You do not need a gym, heavy weights or a big living room to train your hips and glutes. A space the size of a yoga mat, a sturdy chair and 20 minutes three times a week is enough to start building strength and shape. This routine is designed for a bedsitter or one-bedroom flat, and it is quiet enough not to disturb the neighbours downstairs.",
      ),
      image("img:glute-bridge", "The glute bridge: press through your heels and squeeze at the top."),
      text(
        "Warm up for three minutes: march on the spot, circle your hips slowly in both directions and do ten gentle bodyweight squats.",
        "Then do the circuit below. Perform each exercise for 40 seconds, rest for 20 seconds, and move to the next. Complete the full circuit three times, resting one minute between rounds.",
        "Glute bridge: lie on your back, knees bent, feet flat and hip-width apart. Press through your heels and lift your hips until your body forms a straight line from shoulders to knees. Squeeze your glutes at the top for a second, then lower slowly.",
        "Chair squat: stand in front of a chair, feet a little wider than your hips. Sit back as if to sit down, lightly touch the chair, and stand up by pushing through your heels.",
        "Reverse lunge: step one foot back and lower until both knees are bent, then return. Alternate legs. Hold the wall for balance if you need to.",
        "Side-lying leg lift: lie on your side, legs straight, and lift the top leg slowly without rolling your hips back. Switch sides halfway through.",
        "Donkey kick: on hands and knees, keep the knee bent and press one foot up towards the ceiling, then lower. Switch sides halfway through.",
      ),
      video("Gb3tYw9ZkQe", "Follow along: the full 20-minute bedsitter glute circuit."),
      text(
        "Form matters more than speed. Keep your knees in line with your toes during squats and lunges, keep your back neutral, and move slowly enough to feel the muscles working. If an exercise causes sharp pain in the knee, hip or lower back, stop and try an easier version.",
        "To progress after two or three weeks, add a pause at the bottom of each squat, do single-leg bridges, or hold a heavy object such as a full water bottle or a backpack filled with books.",
      ),
      text(
        "Be realistic about results. Your genetics shape where you store fat and how your hips are built, and no exercise can change your bone structure. What consistent training can do is build muscle, improve posture and make everyday tasks like climbing stairs and carrying shopping easier. Most women notice they feel stronger within a month and see changes in shape after two to three months, especially when they eat enough protein.",
        "If you are pregnant, recently gave birth or have a joint injury, check with your doctor or a physiotherapist before starting.",
      ),
    ],
  },
  {
    key: "hip-dips-truth",
    title: "Hip Dips: What They Are, What They Aren't, and What Training Can Change",
    excerpt:
      "Social media promises to 'fix' hip dips in two weeks. Here is the honest truth about where they come from, which exercises help, and which products to avoid.",
    metaDescription:
      "Hip dips explained honestly: the role of bone structure, the best side-hip exercises, food for muscle and why to avoid quick-fix products.",
    categorySlugs: ["hips-glutes"],
    accessType: "premium",
    tags: ["hip-dips", "glutes", "body-image", "strength"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 27,
    blocks: [
      text(
        "Scroll through social media long enough and you will see 'hip dip fixes' promising to fill in the inward curve below your hip bones in two weeks. Many women in our community have asked about them, so let us be honest about what hip dips are and what you can and cannot change.",
        "Hip dips, sometimes called violin hips, are the natural inward curves on the side of the body between the top of the hip bone and the top of the thigh. They are caused mainly by the shape of your pelvis, the position of your thigh bone and how your body stores fat. They are not a sign of being unhealthy or unfit. Athletes and models have them too.",
      ),
      image("img:side-band-walk", "Lateral band walks target the gluteus medius on the side of the hip."),
      text(
        "Because hip dips are largely about bone structure, no exercise can remove them entirely. But training the muscles around the hips, especially the gluteus medius on the side of your hip, can build fullness in that area and make the curve softer. Overall strength training for the lower body also improves your shape and posture.",
        "Useful exercises include side-lying leg lifts, clamshells with a resistance band, lateral band walks, curtsy lunges and step-ups onto a stable step. Do two or three of these, three times a week, for three sets of 12 to 15 repetitions. When the last few repetitions feel easy, add a band, slow the movement down or add more repetitions.",
      ),
      text(
        "Food supports the work. Muscle grows when you eat enough overall energy and enough protein. Include a protein source at every meal: eggs, beans, ndengu, omena, chicken, fish, milk or yoghurt. If you are trying to lose fat at the same time, expect slower muscle gain, and focus on strength progress rather than the mirror.",
        "Take photos in the same light and position once a month instead of checking the mirror every day. Change is gradual and it is easy to miss when you look too often.",
      ),
      text(
        "Be wary of products that claim to change your hip shape: creams, pills, waist trainers and injections sold online or in salons. Creams cannot build muscle, and injectable fillers given by untrained people can cause serious infections and lasting damage. If you are considering any cosmetic procedure, speak to a qualified, registered doctor first.",
        "Finally, remember that hip dips are part of the natural variety of women's bodies. Training for strength, health and confidence is a goal worth having. Training to erase a normal part of your anatomy is a goal that will only leave you frustrated.",
      ),
    ],
  },
  {
    key: "protein-on-a-budget",
    title: "Eating to Build Your Glutes: Protein on a Kenyan Budget",
    excerpt:
      "Squats give your muscles a reason to grow, but food supplies the building blocks. Reach your protein target with eggs, beans, omena and githeri, without expensive supplements.",
    metaDescription:
      "How much protein do you need to build glutes, and how to get it affordably with eggs, beans, ndengu, omena and milk. A sample Kenyan day.",
    categorySlugs: ["hips-glutes", "weight-gain"],
    accessType: "subscription",
    tags: ["protein", "nutrition", "glutes", "budget"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 34,
    blocks: [
      text(
        "Squats and bridges give your muscles a reason to grow, but food provides the building material. Many Kenyan women train faithfully and see little change because their meals are mostly starch with a small amount of protein. The good news is that protein does not have to mean expensive meat every day.",
      ),
      text(
        "A useful guide for active women is about 1.2 to 1.6 grams of protein per kilogram of body weight per day. For a woman weighing 65 kilograms, that is roughly 80 to 105 grams. The simplest way to get there is to include a good protein source at every meal and one snack.",
        "Some affordable options and their approximate protein content: two eggs give about 12 grams. A cup of cooked beans or ndengu gives about 14 to 15 grams. A cup of githeri with plenty of beans gives around 10 to 12 grams. A handful of dried omena, about 50 grams, gives roughly 25 to 30 grams and is also rich in calcium. A 250 ml glass of milk or mala gives about 8 grams. A tablespoon of peanut butter gives about 4 grams.",
      ),
      image("img:omena-beans", "Omena, beans and eggs: affordable protein staples from the local market."),
      text(
        "Here is what a simple day could look like. Breakfast: two boiled eggs, a slice of bread or a piece of sweet potato and a cup of tea with milk. Lunch: githeri with extra beans, avocado and sukuma wiki. Snack: a cup of mala or yoghurt with a banana. Supper: omena cooked with tomatoes and onions, ugali and cabbage. This can provide around 80 grams of protein without any supplements.",
        "Buying in bulk helps with cost. Dry beans, ndengu and omena keep well and are cheaper per serving than meat. Cook a large pot of beans on Sunday and use it through the week in stews, githeri and salads.",
        "If you want to gain size in your hips and glutes, you also need enough total energy. Eating too little will slow muscle growth even if protein is high. Add a little extra starch or healthy fat, such as avocado, groundnuts or an extra piece of sweet potato, on training days.",
      ),
      text(
        "Protein powders are optional, not required. If you choose one, buy from a reputable pharmacy or shop and check the label. Be cautious of products promising rapid curves or containing hidden hormones or steroids, which can harm your health.",
        "If you have kidney disease or another medical condition, talk to your doctor before significantly increasing your protein intake.",
      ),
    ],
  },
  {
    key: "breast-self-exam",
    title: "How to Do a Breast Self-Exam: A Calm, Monthly Habit",
    excerpt:
      "Knowing how your breasts normally look and feel helps you notice changes early. A step-by-step guide to a monthly self-exam, and clear advice on when to see a doctor.",
    metaDescription:
      "Step-by-step breast self-exam guide for Kenyan women: when to check, how to look and feel, and which changes need a doctor.",
    categorySlugs: ["breast-health-confidence"],
    accessType: "free",
    tags: ["breast-health", "self-exam", "screening", "prevention"],
    isFeatured: false,
    isMustRead: true,
    published: true,
    daysAgo: 2,
    blocks: [
      text(
        "Getting to know how your breasts normally look and feel is one of the simplest things you can do for your health. Breast cancer is one of the most common cancers among women in Kenya, and many cases are found late, when treatment is harder. Noticing changes early and getting them checked can make a real difference.",
        "A breast self-exam is not a replacement for check-ups with a health worker, and most lumps turn out not to be cancer. But a monthly habit helps you notice when something is different, so you can act quickly and calmly.",
      ),
      image(
        "img:self-exam",
        "Use the pads of your three middle fingers and small circles with light, medium and firm pressure.",
      ),
      text(
        "Choose a regular time. If you still have periods, the best time is a few days after your period ends, when breasts are usually least tender and swollen. If you no longer have periods, pick the same date each month, such as the first day.",
        "Look. Stand in front of a mirror with your arms at your sides, then with your hands on your hips, then with your arms raised. Look for changes in size or shape, dimpling or puckering of the skin, redness, a rash or swelling, or a nipple that has turned inward when it used to point out.",
        "Feel. Lie down with a pillow under one shoulder and that arm behind your head. Use the pads of the three middle fingers of the opposite hand. Move in small circles, using light, medium and firm pressure, and cover the whole breast from the collarbone to below the breast and from the armpit to the middle of the chest. Many women follow an up-and-down pattern, like mowing a lawn. Repeat on the other side. You can also check in the shower, where soapy skin makes it easier to glide your fingers.",
        "Check the armpits, where breast tissue extends, and gently look at the nipples for any discharge you did not squeeze out.",
      ),
      video("pX2mL8vR4sT", "Step by step: how to do a breast self-exam at home."),
      text(
        "Breasts are naturally a bit lumpy, and that texture can change during your cycle. What you are looking for is something new or different from before, or different from the other breast.",
        "See a doctor or visit a health facility if you notice a new lump or thickening, a change in size or shape, skin dimpling or an orange-peel texture, a nipple that turns inward, discharge, especially if it is bloody, a rash on the nipple, or persistent pain in one area. Do not wait to see if it goes away, and do not let fear keep you from going. Many county hospitals and clinics offer clinical breast exams, and your doctor can advise on whether you need an ultrasound or mammogram based on your age and risk.",
      ),
      text(
        "Share this habit with your mother, sisters and friends. A reminder in the family WhatsApp group on the first of every month is a small act of care that could matter a great deal.",
      ),
    ],
  },
  {
    key: "bra-fit-guide",
    title: "Finding a Bra That Actually Fits: A Guide for Every Size",
    excerpt:
      "Shoulder grooves, a riding band and gaping cups are signs your bra isn't doing its job. Learn to measure yourself at home and choose support that feels good all day.",
    metaDescription:
      "How to measure your bra size at home, spot a poor fit and choose the right everyday and sports bra for comfort and confidence.",
    categorySlugs: ["breast-health-confidence"],
    accessType: "free",
    tags: ["bra-fit", "comfort", "confidence", "posture"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 41,
    blocks: [
      text(
        "Surveys in many countries suggest that most women wear the wrong bra size, and the market stalls and shops of Kenya are no exception. A poorly fitting bra can cause shoulder grooves, back and neck discomfort, chafing under the breast and a constant urge to adjust yourself through the day. A good fit, on the other hand, supports your posture and can make you feel more confident in your clothes.",
      ),
      text(
        "Signs your bra does not fit: the band rides up at the back, the straps dig in or keep slipping off, the cups gape or have breast spilling over the top or sides, the underwire sits on breast tissue instead of around it, or the centre part between the cups does not lie flat on your chest.",
        "Most of the support should come from the band, not the straps. The band should be firm and level all the way around, and you should be able to fit about two fingers under it. Bras stretch with washing, so when buying new, choose one that fits well on the loosest hook so you can tighten it as it ages.",
      ),
      image("img:bra-fit", "A soft tape measure is all you need to find your starting size at home."),
      text(
        "To measure yourself at home, use a soft tape measure. Measure around your ribcage directly under your breasts, keeping the tape snug and level. This is roughly your band size. Then measure around the fullest part of your bust, with the tape loose enough not to press. The difference between the two numbers helps determine your cup size, with each inch, about 2.5 centimetres, roughly equal to one cup size. Sizing varies between brands, so treat this as a starting point and always try on before buying.",
        "When trying on, lean forward slightly and scoop your breast tissue into the cup from the side. Then stand up and check the fit. Raise your arms, twist and sit down. A good bra stays in place.",
      ),
      text(
        "Different activities need different support. For walking, dancing, aerobics or running, a well-fitted sports bra reduces movement and discomfort. Women with larger breasts often find that encapsulation sports bras, with separate cups, are more supportive than compression styles.",
        "Breast size can change with weight gain or loss, pregnancy, breastfeeding, hormonal contraception and age, so measure yourself again every six to twelve months. If you have persistent breast pain, or back and neck pain that does not improve with a better bra, speak to a doctor.",
      ),
    ],
  },
  {
    key: "chest-posture-confidence",
    title: "Chest, Posture and Confidence: Exercises That Support Your Upper Body",
    excerpt:
      "Long hours at a laptop and on matatus pull the shoulders forward. Strengthen your chest and upper back to improve posture, ease aches and carry yourself with confidence.",
    metaDescription:
      "A 15-minute home routine for chest and upper-back strength to improve posture and ease aches, plus honest facts about breast size.",
    categorySlugs: ["breast-health-confidence"],
    accessType: "premium",
    tags: ["posture", "upper-body", "confidence", "home-workout"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 48,
    blocks: [
      text(
        "Hours bent over a laptop, a phone or a sewing machine, long matatu rides and carrying a baby or heavy bags can all pull the shoulders forward. Over time this rounded posture can make the chest look sunken, strain the neck and upper back, and even affect how confident we feel.",
        "Exercise cannot increase the size of breast tissue, which is mostly fat and glandular tissue. But strengthening the chest muscles underneath, and the upper back muscles that hold your shoulders in place, can improve posture, change how the chest sits and ease aches.",
      ),
      image("img:posture", "Strong upper-back muscles help hold the shoulders back and open the chest."),
      text(
        "Try this routine three times a week. It takes about 15 minutes.",
        "Wall or incline push-ups: place your hands on a wall or a sturdy table, step your feet back and lower your chest towards it, keeping your body straight. Do three sets of 10 to 12. As you get stronger, move to a lower surface and eventually the floor, starting from your knees.",
        "Chest press with water bottles: lie on the floor with a filled bottle in each hand, elbows at shoulder level. Press up until your arms are straight and lower slowly. Three sets of 12.",
        "Doorway stretch: place your forearms on each side of a doorway, elbows at shoulder height, and step forward gently until you feel a stretch across your chest. Hold for 30 seconds, twice.",
        "Reverse fly: bend forward at the hips with a flat back, arms hanging down holding light weights. Lift your arms out to the sides, squeezing your shoulder blades together. Three sets of 12.",
        "Wall angels: stand with your back against a wall, arms in a goalpost shape. Slide your arms up and down while keeping them touching the wall as much as possible. Two sets of 10.",
      ),
      video("hK9dF3nQ7wB", "Follow along: a 15-minute posture and chest routine."),
      text(
        "Posture is also a daily habit. Raise your laptop or phone closer to eye level, sit back in your chair with your feet flat, and every hour roll your shoulders back and down a few times. When carrying bags, share the load between both hands.",
        "A well-fitting bra matters too, especially for women with larger breasts, as poor support can contribute to shoulder and back pain.",
      ),
      text(
        "Confidence grows from how you treat your body, not from chasing a particular size. Be cautious of creams, pills and massage oils sold with promises of breast enlargement or lifting. There is no good evidence that they work, and some contain unregulated hormones. If you are unhappy with your breasts or have ongoing pain, speak to a qualified doctor who can give you honest, safe options.",
      ),
    ],
  },
  {
    key: "bloating-or-belly-fat",
    title: "Bloated or Belly Fat? Telling the Difference and Easing Discomfort",
    excerpt:
      "Flat in the morning, swollen by evening? That is usually bloating, not fat. Learn the difference, the common triggers, what helps, and when tummy symptoms need a doctor.",
    metaDescription:
      "Bloating vs belly fat: how to tell them apart, common triggers, simple ways to ease bloating and the warning signs that need a doctor.",
    categorySlugs: ["flat-tummy-lower-belly"],
    accessType: "free",
    tags: ["bloating", "digestion", "belly-fat", "gut-health"],
    isFeatured: false,
    isMustRead: true,
    published: true,
    daysAgo: 12,
    blocks: [
      text(
        "Many women say they wake up with a flat tummy and by evening look several months pregnant. That change within a day is almost always bloating, not fat. Fat builds up slowly over weeks and months. Bloating comes and goes with what you eat, how you eat, your menstrual cycle and your digestion.",
        "Knowing the difference helps you choose the right response, and saves a lot of unnecessary worry.",
      ),
      text(
        "Bloating often feels tight or uncomfortable, may come with gas or rumbling, and is usually worse after meals or later in the day. Common triggers include eating quickly and swallowing air, fizzy drinks, large meals late at night, lots of salty food, constipation and, for some people, certain foods such as beans, cabbage, onions, milk or wheat. Hormonal changes in the days before a period also cause many women to retain water and feel puffy.",
        "Belly fat, by contrast, is soft, does not change much from morning to evening and builds gradually with weight gain. Fat stored deep around the organs, often called visceral fat, is linked to a higher risk of diabetes, heart disease and high blood pressure. A waist measurement above about 80 centimetres for women is one sign to take seriously and discuss with a health worker.",
      ),
      image("img:water-ginger", "Water, ginger tea and a short walk after meals can ease everyday bloating."),
      text(
        "To ease bloating, try these steps. Eat slowly and chew well, especially at lunch when you may be rushing. Drink enough water through the day; it helps prevent constipation. Increase fibre gradually: if you suddenly add lots of beans and githeri, your gut may protest, so build up over a few weeks and soak dry beans overnight before cooking. Cut down on sodas and sugary drinks. Walk for ten minutes after meals, which helps digestion. Notice whether particular foods bother you, and keep a short food diary for two weeks.",
        "Some women find ginger or mint tea soothing. If milk seems to cause problems, try yoghurt or mala, which are often easier to digest, or a smaller amount of milk in chai.",
        "To reduce belly fat, the approach is different: gradual weight loss through balanced meals, regular movement, enough sleep and less alcohol and sugar. No single food or drink burns belly fat, and no amount of sit-ups will target fat in one spot.",
      ),
      text(
        "See a doctor if bloating is persistent, getting worse, or comes with weight loss you cannot explain, blood in your stool, changes in your bowel habits, pain, vomiting, or a feeling of fullness after eating very little. Ongoing bloating in women can sometimes be a sign of conditions that need proper checking, including problems with the ovaries, so it is always worth mentioning to a health professional.",
      ),
    ],
  },
  {
    key: "core-after-30",
    title: "Core Training After 30: Beyond Endless Sit-Ups",
    excerpt:
      "Hundreds of crunches rarely give you a flatter tummy. Train your whole core for strength, stability and a healthier back with five simple moves and better breathing.",
    metaDescription:
      "A smarter core routine for women over 30: dead bugs, bird dogs, planks and breathing, with no sit-ups needed.",
    categorySlugs: ["flat-tummy-lower-belly"],
    accessType: "subscription",
    tags: ["core", "home-workout", "back-health", "pelvic-floor"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 19,
    blocks: [
      text(
        "For years, the standard advice for a flat tummy was hundreds of sit-ups. Many women did them faithfully, got sore necks and saw little change. The truth is that your core is much more than the six-pack muscle at the front, and training it well is about strength, stability and control, not endless crunches.",
        "After 30, and especially after pregnancy, good core training also helps protect your lower back, supports your pelvic floor and improves posture.",
      ),
      image("img:plank", "A forearm plank from the knees is a perfectly good place to start."),
      text(
        "Your core includes the deep transverse abdominis that wraps around your waist like a corset, the obliques on the sides, the rectus abdominis at the front, the muscles along your spine, the diaphragm above and the pelvic floor below. These work together every time you lift a bucket of water, carry a child or climb into a matatu.",
        "Try this routine three times a week, after a short warm-up.",
        "Dead bug: lie on your back, arms pointing to the ceiling, knees bent at 90 degrees above your hips. Gently press your lower back into the floor. Slowly lower the opposite arm and leg towards the floor, then return. Alternate for 10 on each side.",
        "Bird dog: on hands and knees, extend one arm forward and the opposite leg back, keeping your hips level. Hold for two seconds and switch. 10 on each side.",
        "Forearm plank: start on your knees if needed. Keep a straight line from head to knees or heels and breathe steadily. Hold for 20 to 40 seconds, three times.",
        "Side plank: on your forearm and the side of your knee or foot, lift your hips. Hold for 15 to 30 seconds each side.",
        "Glute bridge with breathing: as you lift your hips, breathe out and gently draw your lower belly in. Lower as you breathe in. 12 repetitions.",
      ),
      video("cT5yU1oP8jM", "Follow along: a 12-minute core routine without a single sit-up."),
      text(
        "Breathing is the part most people skip. Exhale as you do the hardest part of each movement and avoid holding your breath. If you see your belly doming or bulging along the middle during an exercise, make it easier, and if you have had a baby, read our article on diastasis recti before increasing intensity.",
        "Remember that core exercises strengthen the muscles but do not burn the fat on top of them. A flatter-looking tummy comes from this strength combined with better posture, less bloating and, if needed, gradual fat loss through food and overall movement.",
      ),
      text(
        "If you have back pain, leak urine when you cough or jump, or feel pain during exercise, a physiotherapist can assess you and adjust your programme.",
      ),
    ],
  },
  {
    key: "tummy-after-baby",
    title: "Your Tummy After Baby: Gentle Steps for Diastasis Recti and Recovery",
    excerpt:
      "A tummy that still pooches months after birth is common. Learn how to check for a gap in your abdominal muscles and rebuild your core safely, one breath at a time.",
    metaDescription:
      "Postpartum tummy recovery: how to check for diastasis recti at home, gentle core exercises, daily habits and when to see a doctor.",
    categorySlugs: ["flat-tummy-lower-belly"],
    accessType: "premium",
    tags: ["postpartum", "diastasis-recti", "core", "mothers"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 55,
    blocks: [
      text(
        "During pregnancy your abdominal muscles stretch to make room for your growing baby. For many women, the two sides of the front muscle, the rectus abdominis, separate along the midline. This is called diastasis recti. It is extremely common, and in many women it improves on its own in the weeks and months after birth. For others, a gap remains and contributes to a tummy that pooches out, lower back pain or a feeling of weakness in the core.",
      ),
      text(
        "You can do a gentle check at home from about six weeks after birth, once your health worker has cleared you at your postnatal visit. Lie on your back with knees bent and feet flat. Place your fingertips across your belly just above the belly button. Relax, then slowly lift your head and shoulders a little off the floor. Feel for a gap between the muscles and notice how many fingers fit and how deep and soft it feels. Check above and below the belly button too.",
        "A gap of more than two finger widths, or one that feels very deep and soft, is worth showing to a doctor or physiotherapist. If you notice a bulge that does not go away when lying down, or pain, get it checked, because a hernia needs medical attention.",
      ),
      image("img:postpartum-breath", "Recovery starts with breathing and gentle deep-core activation, not crunches."),
      text(
        "Recovery starts with breathing and gentle activation. Lie on your back, breathe in through your nose and let your ribs and belly expand. As you breathe out, gently draw your lower belly in towards your spine and lift your pelvic floor as if stopping the flow of urine. Hold for a few seconds while breathing and release. Repeat 10 times, a few times a day, including when feeding the baby.",
        "Progress over weeks to heel slides, toe taps lying on your back, glute bridges and side-lying leg lifts, always keeping that gentle deep engagement and watching for doming along the middle. Avoid full sit-ups, crunches and heavy lifting with breath holding until your core is stronger.",
        "In daily life, roll onto your side to get out of bed instead of sitting straight up, and hold your baby close to your body when lifting.",
      ),
      text(
        "Food and rest matter as much as exercise. Breastfeeding needs extra energy, so this is not the time for strict dieting. Focus on nourishing meals: porridge, eggs, beans, green vegetables, fruit, fish and plenty of fluids. Sleep when you can and accept help from family.",
        "Be gentle with your expectations. Your body took nine months to change and deserves at least that long to recover. Many mothers find their tummy continues to improve for a year or more with patient, consistent work.",
      ),
    ],
  },
  {
    key: "healthy-weight-gain",
    title: "Healthy Weight Gain for Naturally Slim Women",
    excerpt:
      "Wanting to gain weight is a real goal that deserves a real plan. Learn how to rule out medical causes, eat more without feeling stuffed and turn extra food into strength.",
    metaDescription:
      "A healthy weight gain guide for slim women: medical checks, energy-dense Kenyan foods, eating more often and strength training.",
    categorySlugs: ["weight-gain"],
    accessType: "free",
    tags: ["weight-gain", "nutrition", "strength", "beginners"],
    isFeatured: false,
    isMustRead: true,
    published: true,
    daysAgo: 9,
    blocks: [
      text(
        "In a culture that talks constantly about losing weight, women who want to gain weight often feel unheard. Comments like 'just eat more ugali' or 'you're so lucky' do not help when you struggle to fill out your clothes, feel tired, or have been told by a health worker that you are underweight.",
        "Healthy weight gain is a real goal, and it deserves the same careful approach as weight loss.",
      ),
      text(
        "Start by checking your health. If you have lost weight without trying, or you have always been thin and also have symptoms such as tiredness, frequent illness, diarrhoea, a racing heart, excessive thirst or irregular periods, see a doctor first. Conditions such as an overactive thyroid, diabetes, intestinal worms, TB, HIV and some digestive problems can cause weight loss and need treatment, not just more food. Stress, depression and disordered eating can also affect appetite, and support is available.",
        "If you are simply naturally slim with a fast metabolism or a small appetite, the plan is straightforward: eat more energy than you burn, consistently, and train your muscles so that much of what you gain is strength and shape.",
      ),
      image(
        "img:avocado-smoothie",
        "A banana, avocado and milk smoothie adds hundreds of calories without a heavy plate.",
      ),
      text(
        "Eat more often. Three meals and two or three snacks a day is easier than forcing huge plates. Add energy-dense foods that are nutritious: avocado, groundnuts and peanut butter, whole milk, mala and yoghurt, eggs, sweet potato, cooking oil used generously in stews, and dried fruit. A spoon of peanut butter stirred into porridge or a whole avocado with lunch adds energy without a lot of extra volume.",
        "Drink some calories. A glass of milk, a smoothie made with banana, avocado and milk, or porridge enriched with milk and groundnut flour can add several hundred calories a day for women who feel full quickly. Don't fill up on water or tea right before meals, and eat your protein and starch before your salad.",
        "Add strength training two or three times a week, such as squats, lunges, bridges and push-ups. Without it, extra food is more likely to be stored as fat around the tummy rather than building the curves and strength most women want.",
      ),
      text(
        "Aim for a gain of about a quarter to half a kilo per week. Faster gain is usually mostly fat. Avoid pills, syrups and injections sold to help you add weight or hips quickly. Some contain steroids or appetite stimulants that can cause serious side effects. Slow, steady progress from real food is safer and lasts longer.",
      ),
    ],
  },
  {
    key: "calorie-dense-kenyan-meals",
    title: "Calorie-Dense Kenyan Meals: Githeri, Avocado, Peanut Butter and More",
    excerpt:
      "Struggling to eat enough to gain weight? These breakfast, lunch, supper and snack ideas pack more energy and protein into familiar Kenyan food without giant portions.",
    metaDescription:
      "Energy-rich Kenyan meal and snack ideas for healthy weight gain: enriched uji, loaded githeri, mukimo, smoothies and more.",
    categorySlugs: ["weight-gain"],
    accessType: "premium",
    tags: ["weight-gain", "meal-ideas", "kenyan-food", "snacks"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 30,
    blocks: [
      text(
        "If you are trying to gain weight, the challenge is often not knowing what to eat but managing to eat enough of it. Big portions can feel overwhelming. The solution is to make each plate and cup carry more energy and protein, using familiar Kenyan foods.",
      ),
      image("img:githeri", "Loaded githeri with potatoes, carrots and a generous side of avocado."),
      text(
        "Breakfast ideas. Enriched uji: cook millet or sorghum porridge with whole milk instead of water, then stir in a tablespoon of peanut butter or groundnut flour and a spoon of honey. Eggs and sweet potato: two eggs fried in a little oil, with boiled or roasted sweet potato and half an avocado. Chapati with beans: a chapati with a cup of beans stewed with onions, tomatoes and a little oil.",
        "Lunch ideas. Loaded githeri: githeri cooked with potatoes, carrots and plenty of beans, finished with a generous side of avocado. Rice with beef or chicken stew, cooked with some oil or coconut milk and served with a large spoon of kachumbari. Pilau with a side of yoghurt.",
        "Supper ideas. Ugali with omena or fish in a tomato and coconut sauce, and sukuma wiki cooked with a little extra oil. Mukimo made with potatoes, green peas, maize and pumpkin leaves, served with beef stew. Matoke cooked in groundnut sauce.",
      ),
      text(
        "Snacks. A handful of groundnuts or cashew nuts. A banana with peanut butter. Mala or yoghurt with chopped fruit. Roasted maize or boiled arrow roots with tea. Homemade mandazi occasionally, ideally with a protein like an egg or milk alongside.",
        "Drinks. A smoothie made with banana, avocado, milk and a spoon of honey gives roughly 400 to 500 calories. Milky chai with a slice of bread and peanut butter. Fresh juice with a meal rather than instead of one.",
        "Simple tricks. Use whole milk rather than low-fat. Add a spoon of oil, ghee or coconut milk to stews and vegetables. Sprinkle groundnuts or seeds on salads and porridge. Keep snacks in your handbag for matatu rides and long office days.",
      ),
      text(
        "Balance still matters. Include vegetables and fruit every day, and avoid getting most of your extra energy from sodas, sweets and deep-fried foods, which can raise blood sugar and cholesterol even in slim people.",
        "Track your weight once a week at the same time of day. If you are not gaining after three or four weeks, add one more snack or a larger portion at one meal. If you have diabetes, high cholesterol or digestive problems, a nutritionist can help tailor these ideas to you.",
      ),
    ],
  },
  {
    key: "gain-muscle-not-just-fat",
    title: "Gaining Weight as Muscle, Not Just Fat: Beginner Strength Training",
    excerpt:
      "Eating more is only half the plan. Strength training tells your body where to put the extra energy, building fuller hips, glutes and shoulders instead of just a rounder tummy.",
    metaDescription:
      "Beginner home strength training for women gaining weight: key exercises, progressive overload, recovery and realistic expectations.",
    categorySlugs: ["weight-gain", "hips-glutes"],
    accessType: "subscription",
    tags: ["strength", "weight-gain", "muscle", "home-workout"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 62,
    blocks: [
      text(
        "When many women set out to gain weight, what they really want is to look fuller and stronger: rounder hips and glutes, more shape in the arms and shoulders, and more energy. Eating more is only half the plan. Strength training tells your body where to put the extra energy.",
      ),
      image("img:home-strength", "A backpack full of books makes a surprisingly good home training weight."),
      text(
        "You do not need a gym to start. Three sessions a week of 30 to 40 minutes at home is enough for beginners. Focus on big movements that use many muscles.",
        "Squats: bodyweight at first, then holding a jerrycan or backpack. Romanian deadlifts with a backpack or water containers, hinging at the hips with a flat back. Glute bridges and hip thrusts with your shoulders on a sofa. Lunges or split squats. Push-ups, starting against a wall or table. Rows: bend forward and pull a filled bag towards your ribs.",
        "Do three sets of 8 to 12 repetitions of four or five of these exercises each session. Rest about one minute between sets. The last two repetitions of each set should feel challenging but still possible with good form.",
        "Progressive overload is the key idea. Every week or two, make things slightly harder: add a few repetitions, add weight to your bag, or slow down the lowering part of each movement. Your muscles grow because they are asked to do a little more than last time.",
      ),
      text(
        "Support your training with food. Eat a meal or snack with protein and carbohydrates within a couple of hours after training, such as eggs and sweet potato, a cup of mala with a banana, or githeri. Aim for a small daily energy surplus. If your weight is not moving up after a few weeks, eat a little more.",
        "Sleep is when much of the repair happens. Aim for seven to nine hours. Late nights scrolling on the phone can undo good work.",
        "Track your lifts in a notebook. Seeing your squat go from bodyweight to holding 10 kilograms is motivating even in weeks when the mirror seems unchanged.",
      ),
      text(
        "Expect slow, real progress. A beginner might gain roughly half a kilo to one kilo of muscle per month at best, with some fat alongside. Over six months to a year, the change in shape can be significant.",
        "If you have a heart condition or joint problems, or are pregnant, speak to a doctor before starting. And remember, anything that promises fast muscle or curves in pill or injection form is a risk not worth taking.",
      ),
    ],
  },
  {
    key: "sunscreen-melanin-skin",
    title: "Sunscreen for Melanin-Rich Skin in the Kenyan Sun",
    excerpt:
      "Dark skin needs sun protection too, especially on the equator. Learn why sunscreen is the key to fading dark marks and how to pick one that doesn't leave a grey cast.",
    metaDescription:
      "Why melanin-rich skin needs sunscreen in Kenya, how to choose one without a white cast, how much to apply and when to reapply.",
    categorySlugs: ["skin-beauty"],
    accessType: "free",
    tags: ["sunscreen", "skincare", "hyperpigmentation", "melanin"],
    isFeatured: true,
    isMustRead: false,
    published: true,
    daysAgo: 6,
    blocks: [
      text(
        "Many of us grew up believing that dark skin does not need sunscreen. It is true that melanin offers some natural protection against sunburn, but that protection is not complete. Kenya sits on the equator, and the sun here is strong all year round, especially at altitude in Nairobi and the highlands, and along the coast.",
        "Sun exposure darkens existing marks, worsens melasma and hyperpigmentation, and contributes to uneven tone, dryness and early wrinkles. Skin cancer is less common in darker skin, but it does happen and is often diagnosed late.",
      ),
      image("img:sunscreen", "About two finger lengths of sunscreen covers the face and neck."),
      text(
        "What to look for in a sunscreen: broad spectrum, meaning it protects against both UVA and UVB rays; SPF 30 or higher for daily use; and a texture you will actually wear every day. Many women with dark skin dislike mineral sunscreens with zinc oxide or titanium dioxide because they can leave a grey or white cast. Tinted mineral sunscreens or chemical sunscreens often blend better. Gel or fluid textures are good for oily skin and humid places like Mombasa, while creams suit dry skin.",
        "Apply generously as the last step of your morning skincare: about two finger lengths for your face and neck. Don't forget your ears, the back of your neck and your hands. Reapply every two hours if you are outdoors, and after sweating or swimming. If you wear make-up, a powder or spray with SPF can help with top-ups, though on its own it is not enough.",
      ),
      video("wE4rZ6aS2dV", "Watch: how much sunscreen to use, and how to apply it without a white cast."),
      text(
        "Sunscreen is not the only protection. Wear a wide-brimmed hat or carry an umbrella on long walks between 10 am and 4 pm, when the sun is strongest. Sunglasses protect your eyes and the delicate skin around them. Long sleeves in light fabrics are comfortable in the heat.",
        "Budget is a real concern, as good sunscreens can be expensive in Kenyan shops. A mid-priced product you use every day is far better than an expensive one you save for special occasions. Check expiry dates, store your bottle away from heat, such as the dashboard of a car, and buy from reputable pharmacies to avoid counterfeits.",
      ),
      text(
        "See a dermatologist if you notice a new or changing dark spot, especially on the palms, soles or under the nails, a sore that does not heal, or patches of pigmentation that are spreading. Early checks are always worth it.",
      ),
    ],
  },
  {
    key: "shea-coconut-aloe",
    title: "Shea Butter, Coconut Oil and Aloe: What Natural Ingredients Can and Cannot Do",
    excerpt:
      "Shea butter, coconut oil and aloe vera have a proud place in African beauty traditions. Here is an honest look at where they shine, and where the claims go too far.",
    metaDescription:
      "What shea butter, coconut oil and aloe vera really do for skin and hair, how to use them well and which claims to ignore.",
    categorySlugs: ["skin-beauty"],
    accessType: "free",
    tags: ["natural-skincare", "shea-butter", "moisturising", "haircare"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 38,
    blocks: [
      text(
        "Walk through any Kenyan market and you will find shea butter from northern Uganda and West Africa, coconut oil from the coast, aloe plants in pots and homemade blends of all three. Natural ingredients have a long place in African beauty traditions, and many of them are genuinely useful. But they also attract exaggerated claims. Here is an honest look at what they can and cannot do.",
      ),
      image("img:shea-butter", "Unrefined shea butter is wonderful for dry elbows, knees and heels."),
      text(
        "Shea butter is a rich moisturiser full of fatty acids. It is excellent for dry skin on the body, elbows, knees and heels, for hair ends and for lips. It can soothe dry, rough patches and help skin feel softer. Unrefined shea has a nutty smell and can be grainy, which is normal. On the face, it may be too heavy for oily or acne-prone skin.",
        "Coconut oil is a good body moisturiser and hair treatment, and may help reduce protein loss in hair when applied before washing. However, it is quite likely to block pores on the face, so women prone to pimples should avoid using it on facial skin.",
        "Aloe vera gel is soothing and lightweight, useful for mild sunburn, razor irritation and as a light moisturiser for oily skin. Some people are sensitive to fresh aloe, so test a small amount on your inner arm first and wait 24 hours.",
      ),
      text(
        "What they cannot do. No natural oil or butter provides reliable sun protection, even though some are said to have a small SPF. Use a proper sunscreen. They do not remove stretch marks, although keeping skin moisturised may help with itching and dryness while skin stretches. They do not lighten skin or 'cure' dark marks, and combining them with lemon juice, toothpaste or bleaching products can cause burns and more pigmentation.",
        "Natural does not automatically mean safe. Homemade mixtures can grow bacteria, especially those containing water or fresh plant material. Make small amounts, use clean containers and throw away anything that smells off.",
      ),
      text(
        "How to use them well. Apply shea butter or coconut oil to slightly damp skin after a bath, to lock in moisture. In Nairobi's dry months, a thin layer on your legs and arms can make a big difference to ashy skin. For the face, choose a lightweight moisturiser suitable for your skin type and keep the butter for your body.",
        "If you have eczema, persistent itching or a rash that does not improve, see a doctor or dermatologist rather than trying one remedy after another.",
      ),
    ],
  },
  {
    key: "dark-marks-hyperpigmentation",
    title: "Dark Marks and Hyperpigmentation: A Patient Approach",
    excerpt:
      "Acne marks, melasma and dark inner thighs are common and usually harmless. Learn what causes them, which ingredients help, and why bleaching creams can do serious harm.",
    metaDescription:
      "Fade dark marks safely on melanin-rich skin: causes of hyperpigmentation, proven ingredients, sun protection and the dangers of bleaching creams.",
    categorySlugs: ["skin-beauty"],
    accessType: "subscription",
    tags: ["hyperpigmentation", "dark-marks", "skincare", "melasma"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 70,
    blocks: [
      text(
        "Dark marks are one of the most common skin concerns among Kenyan women. A pimple heals and leaves a dark spot that lasts for months. Patches appear on the cheeks and forehead during pregnancy or while on hormonal contraception. The inner thighs, underarms and knees become darker than the rest of the skin. These changes are usually harmless, but they can affect confidence, and the wrong treatments can make them much worse.",
      ),
      text(
        "Melanin-rich skin responds to any inflammation, whether from acne, a scratch, shaving, harsh products or too much sun, by producing extra pigment. This is called post-inflammatory hyperpigmentation. Melasma is a different pattern of brown or grey-brown patches on the face, linked to hormones, genetics and sun exposure. Darkening in skin folds can be related to friction, but when it is velvety and thick it can be a sign of insulin resistance, which should be checked by a doctor.",
        "The first and most important step for every type is sun protection. Without daily sunscreen, most treatments will not work, because the sun keeps stimulating pigment.",
      ),
      image("img:serum", "One gentle active ingredient, used consistently for months, beats a shelf of products."),
      text(
        "Gentle, evidence-based ingredients can help over time. Look for products containing niacinamide, azelaic acid, vitamin C, alpha arbutin, or low-strength exfoliating acids such as lactic or mandelic acid. Introduce one product at a time, use it for at least eight to twelve weeks, and stop if your skin becomes red, stinging or irritated, because irritation itself causes more dark marks.",
        "Treat the cause. If acne keeps creating new marks, controlling the acne comes first. Avoid picking at spots. For inner thigh darkening, reduce friction by wearing cotton shorts under dresses and skirts.",
        "Be very careful with lightening creams. Many products sold in markets and online contain high-strength hydroquinone, strong steroids or mercury, some of which are banned. They can cause thinning of the skin, stretch marks, a blue-black discolouration called ochronosis, and mercury poisoning. A product that promises to make you several shades lighter is a warning sign.",
      ),
      text(
        "Patience is the real secret. Surface marks may fade over three to six months; deeper pigment can take a year or more. Take photos monthly in the same light to track your progress.",
        "A dermatologist can offer prescription creams and, where suitable, procedures adjusted for darker skin. If a mark changes shape, bleeds, itches or grows, see a doctor promptly.",
      ),
    ],
  },
  {
    key: "sleep-stress-weight",
    title: "Sleep, Stress and Weight: The Connection Nobody Talks About",
    excerpt:
      "You can plan every meal and still struggle if you sleep five hours a night and run on stress. Here is how rest and calm affect hunger, cravings and belly fat.",
    metaDescription:
      "How poor sleep and stress affect appetite, cravings and belly fat, with practical tips for busy Kenyan women to rest better.",
    categorySlugs: ["weight-loss", "flat-tummy-lower-belly"],
    accessType: "subscription",
    tags: ["sleep", "stress", "cravings", "habits"],
    isFeatured: false,
    isMustRead: false,
    published: false,
    daysAgo: 95,
    blocks: [
      text(
        "You can plan meals carefully and walk every day, yet still struggle with weight if you are sleeping five hours a night and running on stress. For many Kenyan women juggling work, long commutes, children and family responsibilities, rest is the first thing sacrificed. Research suggests it may be one of the most important pieces of the weight puzzle.",
      ),
      text(
        "Short sleep affects hunger hormones. After a poor night, levels of ghrelin, which increases appetite, tend to rise, while leptin, which signals fullness, tends to fall. Many people notice stronger cravings for sugary and fatty foods, and less willpower to resist the mandazi at the office.",
        "Chronic stress raises cortisol, a hormone that, over time, is associated with more fat stored around the abdomen. Stress also drives emotional eating, skipped meals followed by big evening portions, and too-tired-to-cook nights that end with takeaway chips.",
        "Tiredness also changes how much you move. After a short night, the stairs feel steeper, the evening walk gets skipped and the weekend becomes a time to recover rather than be active. Over weeks and months, these small changes in movement matter as much as what is on your plate.",
      ),
      image("img:sleep", "A regular bedtime and a phone-free hour before sleep support healthy appetite."),
      text(
        "Protect your sleep. Aim for seven to nine hours. Keep a regular bedtime and wake time, even on weekends. Put the phone down 30 to 60 minutes before bed. Make the room dark and cool, and avoid strong coffee or tea after about 2 pm. If your commute starts very early, an earlier bedtime is the only way to get enough hours.",
        "Manage stress in small ways: a ten-minute walk at lunch, slow breathing in the matatu, prayer, journaling, talking to a friend, or a chama meeting that is as much about support as money. Even five minutes a day of something that calms you counts.",
        "Plan for tired days. Keep easy, healthy options ready: boiled eggs, cooked beans in the fridge, fruit, and vegetables you can steam quickly. When the easy option is also a good option, exhaustion does not have to mean chips.",
      ),
      text(
        "If you snore loudly, wake up gasping, feel exhausted despite sleeping enough, or have been feeling low, anxious or hopeless for more than two weeks, speak to a doctor. Sleep apnoea, depression and anxiety are common and treatable, and they can make weight management much harder until they are addressed.",
      ),
    ],
  },
  {
    key: "coastal-humidity-skincare",
    title: "Skincare for Humid Weather: From Mombasa to Kisumu",
    excerpt:
      "Moving from Nairobi's dry air to the humid coast or lakeside can change your skin in days. Adjust your routine to manage oil, heat rash and sweat without stripping your skin.",
    metaDescription:
      "Skincare tips for humid Kenyan towns: lighter routines, oil control, heat rash, fungal infections and sun protection that lasts.",
    categorySlugs: ["skin-beauty"],
    accessType: "premium",
    tags: ["humidity", "oily-skin", "skincare", "coast"],
    isFeatured: false,
    isMustRead: false,
    published: false,
    daysAgo: 110,
    blocks: [
      text(
        "Moving from Nairobi's dry, cool air to the heat and humidity of Mombasa, Kilifi or Kisumu can change your skin within days. Many women notice more oil, more breakouts, heat rash and make-up that slides off by midday. A routine that worked in the highlands may feel heavy and sticky at the coast.",
      ),
      image("img:coast-skin", "Lightweight gels and fluid sunscreens feel best in coastal heat."),
      text(
        "Simplify your routine. In humid weather, skin often needs fewer layers. A gentle gel or foam cleanser morning and evening, a lightweight, oil-free moisturiser or gel, and a fluid sunscreen may be all you need during the day. Save richer creams for the evening or for air-conditioned rooms where skin can become dry.",
        "Manage oil without stripping. Harsh soaps and frequent scrubbing can leave skin tight and irritated, and skin may respond with even more oil. Blotting papers or a clean tissue during the day remove shine without disturbing make-up. Ingredients such as niacinamide can help with oil control for some people.",
        "Watch for heat rash and fungal problems. Small itchy bumps in skin folds, on the back or under the breasts are common in humid heat. Wear loose cotton clothing, change out of sweaty clothes promptly and keep skin folds dry. Itchy, scaly patches that spread may be a fungal infection and should be checked by a health worker, as they need the right treatment.",
      ),
      text(
        "Body care matters too. Shower after exercise or long, hot days. Use a light lotion instead of heavy butters on the body if you feel sticky, and keep shea butter for heels and elbows. Reapply sunscreen more often, as sweat and sea water wash it away.",
        "Stay hydrated. Heat and sweating increase your fluid needs. Water, coconut water and fresh fruit such as watermelon help, while too many sugary drinks can contribute to breakouts for some people.",
        "Adjust your make-up too. Heavy foundations and thick powders can feel like a mask in the heat and may block pores. A light tinted sunscreen, a little concealer where you need it and a setting spray are often enough. Always remove make-up fully at night, however tired you are after a long, hot day.",
      ),
      text(
        "If you develop persistent acne, painful boils, or a rash that does not improve within two weeks, see a doctor or dermatologist. Coastal and lakeside climates are beautiful, and with a few adjustments your skin can feel comfortable there too.",
      ),
    ],
  },
  {
    key: "breast-changes-monthly",
    title: "Breast Changes Through the Month: What's Normal",
    excerpt:
      "Heavy, tender or lumpy breasts before your period are usually normal. Learn how your cycle affects breast tissue, what eases discomfort and which changes should be checked.",
    metaDescription:
      "How the menstrual cycle affects your breasts, tips for cyclical breast pain, and the changes that should always be checked by a doctor.",
    categorySlugs: ["breast-health-confidence"],
    accessType: "free",
    tags: ["breast-health", "menstrual-cycle", "breast-pain"],
    isFeatured: false,
    isMustRead: false,
    published: false,
    daysAgo: 101,
    blocks: [
      text(
        "Many women feel their breasts become heavier, tender or lumpier in the days before their period, and then settle again. These changes are driven by the hormones of the menstrual cycle and are usually completely normal. Understanding them can reduce anxiety and help you recognise when something is truly different.",
      ),
      text(
        "In the first half of the cycle, after your period, oestrogen rises and breasts are usually at their softest. After ovulation, progesterone rises and breast tissue can swell, with milk ducts and glands enlarging. Some women feel a dull ache, heaviness or tenderness in both breasts, sometimes spreading towards the armpits. This is called cyclical breast pain and tends to ease once the period starts.",
        "Other normal changes include breasts that are slightly different sizes, a general lumpy or rope-like texture, especially in the upper outer area, and changes during pregnancy, breastfeeding, with hormonal contraception and around menopause.",
      ),
      image("img:cycle-calendar", "Noting tenderness on a calendar helps you and your doctor see a pattern."),
      text(
        "Things that may help cyclical tenderness include a well-fitting, supportive bra, including a soft one at night if that is more comfortable, reducing caffeine for some women, regular physical activity and, if needed, simple pain relief recommended by a pharmacist. Keeping a note of when tenderness occurs in your cycle can help you and your doctor see a pattern.",
        "What is not normal and should be checked: a lump that does not go away after your period, a lump in one breast only that feels different from the rest, skin dimpling or redness, nipple changes or discharge, or pain in one specific spot that persists through the whole cycle. These do not always mean something serious, but they should always be examined by a health professional.",
      ),
      text(
        "Doing your breast self-exam a few days after your period ends, when hormonal swelling is lowest, makes it easier to know your normal. Over a few months you will become familiar with your own pattern and more confident about when to seek care.",
        "If you are unsure whether something is normal, it is always better to ask. Health workers would much rather examine a breast change that turns out to be harmless than see a problem late. A short visit can bring peace of mind, and if anything needs follow-up, you will have caught it early.",
      ),
    ],
  },
  {
    key: "water-in-the-heat",
    title: "Drinking Enough Water in the Kenyan Heat: A Practical Guide",
    excerpt:
      "Thirst, tiredness and even sugar cravings can come from too little water. How much you need, how to tell, and easy ways to drink more.",
    metaDescription:
      "How much water women need in hot Kenyan weather, the signs of mild dehydration, and simple habits that help you drink enough.",
    categorySlugs: ["weight-loss", "skin-beauty"],
    accessType: "free",
    tags: ["hydration", "habits", "heat"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 40,
    blocks: [],
    videoUrl: "https://www.youtube.com/watch?v=qW8eT4yR2uI",
    html: [
      "<p>On a hot afternoon in Mombasa or a dusty day in Nairobi, it is easy to go hours without a proper drink. ",
      "Mild dehydration rarely feels dramatic. It shows up as a headache, low energy, dry lips or a craving for ",
      "something sweet, and many of us reach for a snack when what the body wants is water.</p>",
      "<h1>How much do you need?</h1>",
      "<p>There is no single number for everyone. A common guide for adult women is about <strong>2 to 2.7 litres ",
      "of fluid a day</strong> from all drinks and food, and more when it is hot, when you exercise, or when you ",
      "are breastfeeding. Tea, milk, soup and fruit such as watermelon and oranges all count.</p>",
      "<h2>Easy signs to watch</h2>",
      "<ul><li><p><strong>Urine colour:</strong> pale straw is a good sign; dark yellow means drink more.</p></li>",
      "<li><p><strong>Thirst:</strong> by the time you feel very thirsty you are already a little behind.</p></li>",
      "<li><p><strong>Headaches and tiredness</strong> in the afternoon often ease after a glass or two of water.</p></li></ul>",
      "<h2>Habits that make it easier</h2>",
      "<ol><li><p>Keep a refillable bottle in your bag and refill it at lunch.</p></li>",
      "<li><p>Drink a glass of water with every meal and with every cup of chai.</p></li>",
      "<li><p>Add slices of lemon, cucumber or mint if plain water bores you.</p></li>",
      "<li><p>Drink before, during and after a workout or a long walk.</p></li></ol>",
      "<blockquote><p>If water tastes of nothing to you, that is the point: your body does not need the sugar in ",
      "sodas and packaged juices to stay hydrated.</p></blockquote>",
      "<h2>When to be careful</h2>",
      "<p>Very large amounts of water in a short time can be harmful, and some conditions, such as kidney or heart ",
      "problems, need a doctor's advice on fluids. Diarrhoea, vomiting or fever in hot weather call for oral ",
      'rehydration salts and, if they do not settle, a visit to a clinic. The <a href="https://www.who.int/">World ',
      "Health Organization</a> has more on safe drinking water.</p>",
    ].join(""),
  },
  // Issue 50: articles written in Swahili, so the Swahili pages list something in their own language first. Older
  // than the newest English ones, so the English home page is as it was.
  {
    key: "sw-sahani-ya-afya",
    language: "sw",
    translationOf: "kenyan-plate-method",
    title: "Sahani ya Afya: Kula Ugali na Bado Kupunguza Uzito",
    excerpt:
      "Huhitaji kuacha ugali ili kupunguza uzito. Kugawa sahani yako vizuri kunakusaidia kula vyakula unavyovijua kwa kiasi kinachofaa.",
    metaDescription:
      "Punguza uzito bila kuacha ugali: jifunze njia ya sahani ukitumia sukuma wiki, maharagwe, omena na vyakula vingine vya kila siku.",
    categorySlugs: ["weight-loss"],
    accessType: "free",
    tags: ["lishe", "ugali", "kupunguza-uzito"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 42,
    blocks: [
      text(
        "Kupunguza uzito hakumaanishi kuuaga ugali. Kwa wanawake wengi, tatizo si chakula kimoja bali kiasi kilicho kwenye sahani. Chakula cha mchana kinaweza kuwa vipande viwili vikubwa vya ugali, kijiko kidogo cha sukuma wiki na kipande cha nyama, na kufikia saa kumi jioni unahisi njaa tena.",
        "Fikiria sahani yako ikiwa na sehemu nne. Nusu yake iwe mboga: sukuma wiki, kabichi, spinachi, managu, terere, karoti au kachumbari. Mboga hizi hukushibisha kwa nyuzinyuzi na maji, na zina kalori chache.",
        "Robo moja ni ya protini: maharagwe, ndengu, omena, mayai, kuku, samaki au githeri yenye maharagwe mengi. Robo ya mwisho ni ya wanga: ugali, wali, chapati, viazi vitamu au nduma. Kiasi kinachofaa cha wanga ni karibu ukubwa wa ngumi yako.",
      ),
      image("img:omena-beans", "Omena, maharagwe na mayai: protini ya bei nafuu kutoka sokoni."),
      text(
        "Punguza mafuta ya kupikia na sukari kwenye chai. Kupungua kwa nusu kilo hadi kilo moja kwa wiki ni kasi nzuri kwa watu wazima wengi.",
        "Ikiwa una kisukari, shinikizo la damu, una mimba, unanyonyesha au unatumia dawa kila siku, zungumza na daktari au mtaalamu wa lishe kabla ya kubadilisha ulaji wako.",
      ),
    ],
  },
  {
    key: "sw-jua-na-ngozi",
    language: "sw",
    translationOf: "sunscreen-melanin-skin",
    title: "Jua na Ngozi Yako: Kwa Nini Mafuta ya Kuzuia Jua ni Muhimu",
    excerpt:
      "Ngozi nyeusi nayo huathiriwa na jua. Jifunze jinsi mafuta ya kuzuia jua yanavyosaidia kuzuia madoa meusi na kulinda ngozi yako kila siku.",
    metaDescription:
      "Mwongozo mfupi wa mafuta ya kuzuia jua kwa ngozi nyeusi katika hali ya hewa ya Kenya: SPF, jinsi ya kupaka na kuepuka madoa.",
    categorySlugs: ["skin-beauty"],
    accessType: "free",
    tags: ["ngozi", "jua", "urembo"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 50,
    blocks: [
      text(
        "Watu wengi huamini kwamba ngozi nyeusi haihitaji kinga dhidi ya jua. Ni kweli kwamba melanini hutoa kinga fulani, lakini jua la Kenya, hasa saa za mchana, bado linaweza kusababisha madoa meusi, kuzeesha ngozi mapema na kukoza alama za chunusi.",
        'Chagua mafuta ya kuzuia jua yenye SPF 30 au zaidi, yaliyoandikwa "broad spectrum". Paka kiasi cha kutosha usoni na shingoni kila asubuhi, hata siku ya mawingu. Ukiwa nje kwa muda mrefu, paka tena baada ya saa mbili.',
      ),
      image("img:sunscreen", "Urefu wa vidole viwili wa mafuta ya kuzuia jua unatosha uso na shingo."),
      text(
        "Kofia yenye ukingo mpana, miwani ya jua na kukaa kivulini kati ya saa nne asubuhi na saa kumi jioni pia husaidia. Epuka krimu zinazoahidi kung'arisha ngozi haraka: nyingi huwa na viambato hatari kama zebaki au dawa kali zisizoagizwa na daktari.",
        "Ukiona doa linalobadilika umbo, rangi au ukubwa, au kidonda kisichopona, muone daktari wa ngozi.",
      ),
    ],
  },
  {
    key: "sw-kutembea-kila-siku",
    language: "sw",
    translationOf: "walking-in-nairobi",
    title: "Kutembea Kila Siku: Mpango wa Wiki Nne kwa Afya ya Mwili",
    excerpt:
      "Kutembea ni mazoezi rahisi na ya bure. Mpango huu wa wiki nne unakusaidia kuanza polepole na kujenga tabia itakayodumu.",
    metaDescription:
      "Mpango wa wiki nne wa kutembea kwa wanawake wa Kenya: kuanza polepole, kuongeza muda, kupunguza tumbo na kufuatilia maendeleo bila gharama.",
    categorySlugs: ["flat-tummy-lower-belly", "weight-loss"],
    accessType: "premium",
    tags: ["mazoezi", "kutembea", "tumbo"],
    isFeatured: false,
    isMustRead: false,
    published: true,
    daysAgo: 58,
    blocks: [
      text(
        "Huhitaji gym wala vifaa vya bei ghali ili kuanza mazoezi. Kutembea kwa mwendo wa haraka kila siku husaidia kuchoma mafuta, kuimarisha moyo, kupunguza msongo wa mawazo na kuboresha usingizi.",
        "Wiki ya kwanza, tembea dakika 15 kila siku kwa mwendo unaokuwezesha kuongea lakini si kuimba. Wiki ya pili, ongeza hadi dakika 20. Wiki ya tatu, tembea dakika 25, na mara mbili kwa wiki ongeza vipindi vya dakika moja vya kutembea kwa kasi zaidi. Wiki ya nne, tembea dakika 30 kwa siku tano za wiki.",
      ),
      image("img:walking", "Matembezi ya asubuhi kabla mji haujaamka ni tabia rahisi kudumisha."),
      text(
        "Huwezi kupunguza mafuta ya tumbo peke yake kwa mazoezi ya tumbo tu: mwili hupunguza mafuta sehemu zote taratibu. Kwa hivyo unganisha kutembea na sahani yenye mboga nyingi, maji ya kutosha na usingizi wa saa saba hadi tisa.",
        "Vaa viatu vinavyokutosha vizuri, beba maji, na chagua njia salama yenye watu. Ikiwa una maumivu ya kifua, kizunguzungu au ugonjwa wa moyo, zungumza na daktari kabla ya kuanza.",
      ),
    ],
  },
];

// ---------------------------------------------------------------------------
// Ebooks
// ---------------------------------------------------------------------------

export const ebooks: SeedEbook[] = [
  {
    key: "nuru-14-day-meal-starter",
    title: "The Nuru 14-Day Kenyan Meal Starter",
    description:
      "A gentle two-week introduction to balanced eating using foods you already buy at the market. Learn the plate method, plan simple breakfasts, lunches and suppers, and build a weekly shopping list that fits a Kenyan budget. No calorie counting and no imported superfoods required.",
    categorySlugs: ["weight-loss"],
    accessType: "free",
    price: "0.00",
    published: true,
    downloadable: true,
    coverColors: ["#10b981", "#065f46"],
    daysAgo: 10,
    chapters: [
      {
        title: "Why Start With Two Weeks",
        paragraphs: [
          "Big changes to the way we eat rarely last. Most of us have tried a strict plan at some point, cutting out ugali, bread and sugar completely, only to give up after a week and feel guilty. This starter guide takes a different approach. For fourteen days you will practise a handful of simple habits with the foods already in your kitchen, so that by the end of the two weeks they feel normal rather than like a punishment.",
          "Two weeks is long enough to notice real differences in energy, digestion and cravings, but short enough that it does not feel overwhelming. You do not need to weigh food, buy special products or cook separate meals from your family. Everything here is built around ugali, rice, chapati, beans, greens, eggs, omena, fruit and the other staples of a Kenyan home, adjusted in portion and preparation.",
          "Before you begin, it helps to write down why you are doing this. Perhaps you want more energy for your children, better blood sugar readings, clothes that fit comfortably or simply to feel in control of your eating. Keep that reason somewhere you will see it. If you have a medical condition such as diabetes, high blood pressure or kidney disease, or you are pregnant, please discuss any changes with your doctor or a nutritionist first.",
        ],
      },
      {
        title: "The Plate Method, Kenyan Style",
        paragraphs: [
          "The foundation of this plan is the plate method. Imagine your plate divided into four parts. Half goes to vegetables such as sukuma wiki, cabbage, spinach, managu, carrots, tomatoes or kachumbari. One quarter goes to protein: beans, ndengu, githeri, eggs, omena, fish, chicken or lean meat. The last quarter is for starch, such as ugali, rice, chapati, sweet potato, arrow roots or matoke. Add a small amount of healthy fat, like a few slices of avocado.",
          "For most women, this means a smaller portion of ugali or rice than usual and a larger portion of vegetables. A fair portion of starch is about the size of your closed fist. If you do heavy physical work, walk long distances or are very active, you may need a little more. Listen to your hunger, and if you are still genuinely hungry after a meal, add more vegetables or protein first.",
          "Cooking methods matter as much as portions. Frying sukuma wiki in several spoons of oil or deep-frying fish turns a healthy food into a heavy one. During these two weeks, try steaming greens with a splash of water and one spoon of oil, boiling or roasting sweet potatoes, and stewing beans and meat with onions, tomatoes, garlic and dhania rather than frying them. Your food will still be tasty, and much lighter.",
        ],
      },
      {
        title: "Breakfast, Lunch and Supper Ideas",
        paragraphs: [
          "Breakfast sets the tone for the day. Good options include two boiled eggs with a slice of wholemeal bread and a fruit; millet or sorghum uji made with half milk and half water, with one spoon of sugar or none; leftover githeri warmed with a little onion; or boiled sweet potato or arrow roots with a cup of tea. Try to include protein, which keeps you full until lunch and reduces the mid-morning mandazi temptation.",
          "Lunch is often eaten away from home. If you carry food, githeri with avocado, rice with bean stew and cabbage, or chapati with ndengu and a salad travel well. If you buy lunch in town, look for a kibanda that serves githeri, beans or fish with a generous portion of greens, and ask for less ugali or rice. Skip the soda and drink water instead, which can save you several hundred calories each day.",
          "Supper should be the lightest meal for most women, because we tend to be less active in the evening. Ugali with omena and sukuma wiki, fish stew with vegetables and a small portion of rice, or a hearty vegetable and bean soup are all good choices. Aim to finish eating two to three hours before bed, and if you are hungry later, choose a fruit or a cup of warm milk rather than bread and chai.",
        ],
      },
      {
        title: "Your Shopping List and Weekly Prep",
        paragraphs: [
          "A little planning makes the fourteen days much easier. On a Saturday or Sunday, write down your meals for the week and make a shopping list. Core items might include sukuma wiki, cabbage, spinach, tomatoes, onions, carrots, dry beans, ndengu, maize for githeri, eggs, omena, sweet potatoes, a small bag of maize flour, fruit in season such as bananas, oranges, pawpaw and mangoes, avocados and milk. Buying fresh produce from the market is usually cheaper than the supermarket.",
          "Cooking in batches saves time and money. Boil a large pot of beans or githeri on the weekend and store it in portions in the fridge. Chop onions and tomatoes for two or three days at once. Boil half a dozen eggs for quick breakfasts. If you do not have a fridge, cook smaller amounts more often, and choose foods that keep well at room temperature, such as dried omena, sweet potatoes and whole fruit.",
          "At the end of the fourteen days, look back honestly. Which habits felt easy, and which were a struggle? Keep the easy ones and work on one difficult habit at a time. Many women find that they have more energy, fewer cravings and a flatter-feeling tummy after two weeks, even if the scale has moved only a little. That is a strong foundation to build on, one plate at a time.",
        ],
      },
    ],
  },
  {
    key: "glute-foundations",
    title: "Glute Foundations: A 4-Week Home Programme",
    description:
      "A structured four-week plan to build strength in your hips and glutes at home, with no gym required. Each week builds on the last with clear exercises, sets and progressions. Includes warm-ups, form tips and guidance on eating enough protein to see results.",
    categorySlugs: ["hips-glutes"],
    accessType: "premium",
    price: "550.00",
    published: true,
    downloadable: false,
    coverColors: ["#f43f5e", "#9f1239"],
    daysAgo: 20,
    chapters: [
      {
        title: "How Your Glutes Work",
        paragraphs: [
          "Your glutes are a group of three muscles: the gluteus maximus, the largest muscle in the body, which gives the buttocks most of their shape; the gluteus medius, on the side of the hip; and the smaller gluteus minimus beneath it. Together they extend your hip when you stand up from a chair or climb stairs, move your leg out to the side and keep your pelvis stable every time you take a step.",
          "Many women who sit for long hours at a desk, in a matatu or at a market stall find that their glutes become weak and underused. The body compensates with the lower back and the front of the thighs, which can lead to aches in the back and knees. Training your glutes is therefore not only about appearance. It supports good posture, protects your joints and makes everyday movements such as carrying water or children easier.",
          "It is important to set realistic expectations. The shape of your hips depends partly on your pelvis and where your body naturally stores fat, which you cannot change with exercise. What you can change is the size and strength of the muscles. Over four weeks you will build a strong foundation and learn good technique. Visible changes in shape usually take two to three months or longer of consistent training and good nutrition.",
        ],
      },
      {
        title: "Weeks One and Two: Learning the Movements",
        paragraphs: [
          "In the first two weeks you will train three times a week, for example on Monday, Wednesday and Friday, with at least one rest day between sessions. Begin each session with a five-minute warm-up: march on the spot, do twenty hip circles in each direction, ten leg swings forwards and to the side on each leg, and ten slow bodyweight squats. Warming up prepares your joints and helps you feel the right muscles working.",
          "The main workout has four exercises. Glute bridges, three sets of fifteen, pausing for two seconds at the top. Chair squats, three sets of twelve, sitting back until you lightly touch the seat. Side-lying leg lifts, three sets of fifteen on each side. Reverse lunges, two sets of eight on each leg, holding a wall for balance if needed. Rest for about one minute between sets and move slowly and with control.",
          "Focus on feeling your glutes rather than simply counting repetitions. During bridges, press through your heels and imagine squeezing a coin between your buttocks at the top. During squats, keep your weight in your heels and midfoot and your knees pointing in the same direction as your toes. If you feel the work mostly in your lower back or knees, reduce the range of movement and slow down until the technique feels right.",
        ],
      },
      {
        title: "Weeks Three and Four: Adding Challenge",
        paragraphs: [
          "By the third week the exercises will feel easier, which means it is time to make them harder. Muscles grow when they are asked to do more than they are used to, a principle called progressive overload. You can add weight by holding a filled jerrycan, a bag of flour or a backpack with books, slow down the lowering part of each movement, add a pause at the hardest point, or move to a single-leg version.",
          "Your week three and four workout becomes: single-leg glute bridges, three sets of ten on each side; goblet squats holding a weight at your chest, three sets of twelve; Romanian deadlifts with a backpack or two water containers, three sets of twelve, hinging at the hips with a flat back; curtsy lunges, three sets of eight on each side; and clamshells or lateral band walks with a resistance band, three sets of fifteen.",
          "Keep a simple training notebook. Write down the date, the exercises, the number of sets and repetitions and any weight you used. Seeing your progress on paper is motivating, especially in the weeks when the mirror seems unchanged. If you miss a session, do not try to double up the next day. Simply continue with your schedule. Consistency over months matters far more than any single workout, however hard it feels.",
        ],
      },
      {
        title: "Eating and Recovering for Results",
        paragraphs: [
          "Training gives your muscles a reason to grow, but food provides the material. Aim to include protein at every meal. Good affordable sources include eggs, beans, ndengu, githeri, omena, fish, chicken, milk, mala and yoghurt. A helpful target for active women is roughly 1.2 to 1.6 grams of protein for each kilogram of body weight each day. For many women, that means roughly doubling the protein they usually eat at breakfast and lunch.",
          "Your overall energy intake matters too. If you want your hips and glutes to grow in size, you need to eat enough, and possibly a little more than usual, on training days. Add an extra portion of sweet potato, an avocado or a handful of groundnuts. If your main goal is fat loss, you can still build strength and shape, but muscle growth will be slower, so be patient with the process.",
          "Recovery completes the cycle. Aim for seven to nine hours of sleep, drink enough water, and expect some muscle soreness in the first weeks, which usually eases within two or three days. Sharp pain, swelling or pain that lasts is different and should be checked by a physiotherapist or doctor. If you are pregnant, have recently given birth or have a joint condition, seek medical advice before beginning this programme.",
        ],
      },
    ],
  },
  {
    key: "know-your-breasts",
    title: "Know Your Breasts: A Woman's Guide to Breast Health",
    description:
      "A clear, calm guide to understanding your breasts through every stage of life. Learn how to do a monthly self-exam, what changes are normal, which signs need a doctor's attention and how screening works in Kenya. Written to inform, not to frighten.",
    categorySlugs: ["breast-health-confidence"],
    accessType: "free",
    price: "0.00",
    published: true,
    downloadable: true,
    coverColors: ["#ec4899", "#831843"],
    daysAgo: 14,
    chapters: [
      {
        title: "Understanding Your Breasts",
        paragraphs: [
          "Breasts are made up of fatty tissue, glandular tissue that can produce milk, ducts that carry milk to the nipple, and supportive connective tissue. The amount of each differs from woman to woman, which is why breasts vary so widely in size, shape and feel. It is completely normal for one breast to be slightly larger than the other, for nipples to point in slightly different directions and for the texture to feel somewhat lumpy.",
          "Your breasts change throughout life. They develop during puberty, may feel fuller and tender before your period, grow and change during pregnancy and breastfeeding, and usually become softer and less dense after menopause. Weight gain and loss, hormonal contraception and some medicines can also affect how they look and feel. Knowing these patterns helps you understand what is normal for you and notice when something is genuinely new.",
          "Breast health is not only about disease. Comfortable, well-fitting bras, good posture, regular physical activity, a balanced diet, limiting alcohol and not smoking all contribute to how your breasts and chest feel day to day. This guide covers all of these, along with the important skills of self-examination and knowing when to seek medical care. Share what you learn with the women in your life, from your daughters to your mother.",
        ],
      },
      {
        title: "The Monthly Self-Exam",
        paragraphs: [
          "A self-exam is a simple monthly check that helps you become familiar with your own breasts. If you still menstruate, do it a few days after your period ends, when breasts are least likely to be swollen or tender. If you no longer have periods, or your cycle is irregular, choose a fixed date, such as the first day of each month, and set a reminder on your phone so that the habit sticks.",
          "Start by looking. Stand in front of a mirror, first with your arms at your sides, then with your hands pressed on your hips, then with your arms raised above your head. Look for any change in size or shape, dimpling, puckering or an orange-peel appearance of the skin, redness or scaling, and a nipple that has recently turned inwards. Turn slightly to each side to see the outer parts of the breasts clearly.",
          "Next, feel. Lie down with a pillow under your right shoulder and your right arm behind your head. Using the flat pads of the three middle fingers of your left hand, move in small circles using light, medium and firm pressure. Cover the entire area from your collarbone to your bra line and from your armpit to your breastbone, following an up-and-down pattern so you do not miss any area. Repeat on the left side.",
          "Finally, check your armpits and the area above your collarbone for lumps, because breast tissue and lymph nodes extend into these areas. Gently look at each nipple for any discharge you did not squeeze out. Many women also find it easy to do a quick check in the shower, where soapy fingers glide more easily over the skin. The more often you check, the more confident you become about what is normal for you.",
        ],
      },
      {
        title: "Signs That Need a Doctor",
        paragraphs: [
          "Most breast lumps and changes are not cancer. Many are fluid-filled cysts, benign growths called fibroadenomas, which are common in young women, or hormonal changes. However, only a health professional can tell the difference, often with the help of an ultrasound, mammogram or biopsy. That is why any new or unusual change should be checked rather than ignored, no matter your age or how healthy you otherwise feel.",
          "See a doctor or visit a health facility if you notice any of the following: a new lump or thickening in the breast or armpit; a change in the size or shape of one breast; dimpling, puckering or thickening of the skin; a nipple that has turned inwards or changed position; discharge from the nipple, especially if it is bloody or comes from one side only; a rash, crusting or sore around the nipple; or persistent pain in one spot.",
          "Fear often stops women from seeking help. Some worry about cost, about what they might hear, or about what family members will think. Try to take someone you trust with you to the appointment. Many county hospitals and health centres offer clinical breast examinations, and organisations run free screening campaigns, particularly during October. Finding a problem early usually means simpler treatment and a much better outcome.",
        ],
      },
      {
        title: "Screening, Risk and Healthy Habits",
        paragraphs: [
          "Screening means checking for breast cancer in women who have no symptoms. In Kenya, regular clinical breast examination by a trained health worker is recommended for adult women, and mammograms are generally advised from around the age of 40, or earlier for women at higher risk. Your doctor will advise on the right schedule for you based on your age, health and family history, so ask about it at your next visit.",
          "Some factors increase risk, including increasing age, a close family history of breast or ovarian cancer, certain inherited gene changes, early periods or late menopause, never having children or having a first child later, and previous radiation to the chest. Having a risk factor does not mean you will get breast cancer, and many women who develop it have no known risk factors. This is why breast awareness matters for everyone.",
          "Some habits help lower risk and support your overall health. Keep active, with at least 150 minutes of moderate activity such as brisk walking each week. Maintain a healthy weight, particularly after menopause. Limit alcohol and avoid smoking. Breastfeeding, where possible, also offers some protection. Eat plenty of vegetables, fruit, beans and whole grains. These habits are good for your heart, your blood sugar and your wellbeing, not just your breasts.",
        ],
      },
    ],
  },
  {
    key: "flat-tummy-real-talk",
    title: "Flat Tummy, Real Talk: Core, Bloating and Habits",
    description:
      "An honest, practical guide to a flatter, stronger tummy without crash diets, waist trainers or detox teas. Learn what really drives lower belly fat and bloating, follow a progressive core routine and build daily habits that last. Includes a special chapter for mothers after childbirth.",
    categorySlugs: ["flat-tummy-lower-belly"],
    accessType: "premium",
    price: "299.00",
    published: true,
    downloadable: false,
    coverColors: ["#8b5cf6", "#4c1d95"],
    daysAgo: 25,
    chapters: [
      {
        title: "What a Flat Tummy Really Means",
        paragraphs: [
          "Social media is full of flat tummy teas, waist trainers and thirty-day challenges promising a perfectly flat stomach. The reality is more complicated and, in many ways, more encouraging. A woman's lower belly naturally carries some fat, which is important for hormone health and fertility. Your goal does not need to be a six-pack. A healthy, comfortable, strong tummy that you feel confident in is a far better target, and one you can actually reach.",
          "Several different things affect how your tummy looks. Body fat stored under the skin and deeper around the organs, bloating from digestion and hormones, the strength and tone of your abdominal and pelvic floor muscles, your posture, and changes after pregnancy all play a part. Each of these needs a slightly different approach, which is why doing crunches alone rarely gives the results women hope for. This guide addresses each of them in turn.",
          "It is also worth knowing that belly fat matters for health, not just appearance. Fat stored deep around the organs is linked to higher risks of type 2 diabetes, high blood pressure and heart disease. A waist measurement above about 80 centimetres for women suggests increased risk, and above 88 centimetres a higher risk. Measure around your waist at the level of your belly button, breathing out normally, and record the number.",
        ],
      },
      {
        title: "Beating the Bloat",
        paragraphs: [
          "If your tummy is flat in the morning and swollen by the evening, bloating is the likely cause. Common triggers include eating quickly, large late meals, fizzy drinks, constipation, high-salt foods, chewing gum and certain foods that produce gas, such as beans, cabbage and onions, especially when you are not used to them. Hormonal changes before your period also make many women retain water and feel puffy around the middle.",
          "Simple changes help most women. Eat slowly and chew thoroughly. Drink water regularly through the day. Build fibre up gradually, and soak dry beans overnight and discard the soaking water before cooking. Replace sodas with water, plain tea or water flavoured with lemon, mint or cucumber. Take a short walk after meals. Keep a food and symptom diary for two weeks to identify any foods that seem to trouble you personally.",
          "Persistent bloating deserves medical attention. See a doctor if bloating lasts most days for more than three weeks, or if it comes with unexplained weight loss, changes in bowel habits, blood in the stool, pain, vomiting, loss of appetite, or needing to pass urine more often. These symptoms are usually caused by something manageable, but in women they can occasionally be linked to conditions of the ovaries or bowel that need early assessment.",
        ],
      },
      {
        title: "Core Strength Without Crunches",
        paragraphs: [
          "Your core is a team of muscles: the deep transverse abdominis that wraps around your middle, the obliques at the sides, the rectus abdominis at the front, the muscles along your spine, the diaphragm and the pelvic floor. Training them together improves posture, supports your back and helps your tummy feel firmer. It will not burn fat from your belly directly, but it is an essential part of the picture.",
          "Begin with this routine three times a week. Dead bugs, ten on each side. Bird dogs, ten on each side with a two-second hold. Forearm planks from the knees or toes, three holds of twenty to forty seconds. Side planks, two holds of fifteen to thirty seconds on each side. Glute bridges, fifteen repetitions. Breathe out during the effort of each movement and keep your lower back supported and comfortable throughout.",
          "Progress gradually over the weeks. Lengthen your plank holds, move from knees to toes, add slow mountain climbers, or try dead bugs while holding a light water bottle. Combine your core work with activity that uses the whole body, such as brisk walking, dancing, skipping rope or strength training for your legs and glutes. Whole-body movement burns more energy and helps reduce overall body fat, including around the waist.",
        ],
      },
      {
        title: "After Baby: A Gentle Return",
        paragraphs: [
          "Pregnancy stretches the abdominal muscles and the connective tissue between them, and many women are left with a gap along the midline called diastasis recti. It is very common and often improves with time and the right exercises. Before starting any core training after birth, attend your postnatal check and ask your health worker whether it is safe to begin, especially if you had a caesarean section or a difficult delivery.",
          "Start with breathing. Lie on your back with knees bent, breathe in and let your belly and ribs expand, then breathe out while gently drawing your lower belly in and lifting your pelvic floor. Repeat ten times, several times a day. Over the following weeks add heel slides, toe taps and bridges, always watching for any doming or bulging along the middle of your tummy, which is a sign to make the exercise easier.",
          "Avoid crunches, sit-ups and heavy lifting while holding your breath in the early months. Get out of bed by rolling to your side first, and hold your baby close to your body when lifting. If you notice leaking urine, a heavy feeling in your pelvis, a persistent bulge or pain, see a doctor or a women's health physiotherapist. These problems are common and treatable, and you do not have to live with them.",
        ],
      },
      {
        title: "Habits That Keep Your Tummy Happy",
        paragraphs: [
          "Lasting change comes from daily habits more than short challenges. Eat regular meals based on the plate method, with half the plate vegetables. Reduce added sugar in chai and avoid sweet drinks most days. Limit alcohol, which is high in calories and often leads to late-night snacking. Choose whole grains and fibre-rich foods such as beans, githeri, brown ugali and sweet potatoes, which keep you full and support good digestion.",
          "Sleep and stress are often overlooked. Short sleep increases appetite and cravings, and long-term stress is linked with more fat stored around the abdomen. Protect seven to nine hours of sleep where you can, and find a calming routine that suits you, whether that is prayer, a walk, a phone-free evening or time with friends. These are not luxuries. They directly support the changes you are working towards.",
          "Finally, measure progress kindly. Check your waist measurement once a month, and notice how your clothes fit and how your energy and digestion feel. Skip waist trainers, which squeeze your organs, can weaken your core with long use and do not remove fat, and avoid detox teas that are often just laxatives. Steady, patient habits give you a stronger, healthier tummy that you can keep for life.",
        ],
      },
    ],
  },
  {
    key: "gain-with-grace",
    title: "Gain With Grace: A Healthy Weight Gain Plan",
    description:
      "For naturally slim women who want to gain weight in a healthy, steady way. This guide explains how to check for medical causes, build energy-rich Kenyan meals, eat more without feeling stuffed and use strength training so your gains become curves and strength.",
    categorySlugs: ["weight-gain"],
    accessType: "subscription",
    price: null,
    published: true,
    downloadable: false,
    coverColors: ["#f59e0b", "#b45309"],
    daysAgo: 32,
    chapters: [
      {
        title: "Understanding Low Weight",
        paragraphs: [
          "Being underweight can be as much of a health concern as carrying extra weight, yet it receives far less attention. Women with a low body weight may have less energy, lower immunity, irregular or missed periods, weaker bones and difficulty keeping warm. Many also feel self-conscious and tired of comments from relatives and friends at every family gathering. Wanting to gain weight is a valid goal, and it deserves a thoughtful, realistic plan.",
          "One common measure is body mass index, calculated from your weight and height. A BMI below 18.5 is generally considered underweight for adults. BMI is not perfect, because it does not consider muscle or body shape, but it is a useful starting point. Your health worker can calculate it for you and discuss whether your weight is a concern, and what a healthy target might be for your frame and age.",
          "Before trying to gain weight, rule out medical causes, especially if your weight has dropped without explanation. Overactive thyroid, diabetes, intestinal worms, tuberculosis, HIV, stomach ulcers and digestive conditions can all cause weight loss. Depression, anxiety and disordered eating can also affect appetite and weight. A simple visit to a doctor, and perhaps a few blood tests, can give you peace of mind or lead to treatment that makes gaining easier.",
        ],
      },
      {
        title: "Eating More Without Feeling Stuffed",
        paragraphs: [
          "Many slim women have small appetites and feel full quickly. Forcing enormous plates usually leads to discomfort and giving up. A better strategy is to eat more often and make each meal and snack more energy-dense. Aim for three meals and two or three snacks each day, roughly every three hours. Setting reminders on your phone can help in the early weeks, until eating regularly becomes a natural habit.",
          "Energy-dense foods pack more calories into a smaller volume. Good options include avocado, groundnuts and peanut butter, cashew nuts, whole milk, mala and full-fat yoghurt, eggs, cheese, sweet potatoes, bananas, dried fruit, and healthy oils used in cooking. Adding a spoon of peanut butter to porridge, half an avocado to lunch, or a drizzle of oil to steamed vegetables increases energy without making portions much larger or harder to finish.",
          "Drinks are helpful for those who struggle with large meals. A smoothie made with a banana, half an avocado, a cup of milk and a spoon of honey can provide several hundred calories. Milky chai, fortified uji and mala are also good. Try to avoid drinking large amounts of water or plain tea just before meals, because they take up space in the stomach. Drink them between meals instead.",
        ],
      },
      {
        title: "A Sample Week of Meals",
        paragraphs: [
          "Breakfast examples: millet uji cooked in whole milk with a spoon of peanut butter and a banana; two eggs with toast, avocado and a cup of milky tea; chapati with beans and a glass of mala. Mid-morning snack examples: a handful of groundnuts and an orange; yoghurt with pawpaw; boiled arrow roots with tea. The key is that breakfast is never skipped, even on rushed mornings before a long commute.",
          "Lunch examples: githeri with potatoes, carrots and a whole avocado; rice with beef or chicken stew and cabbage; pilau with kachumbari and yoghurt. Afternoon snack examples: a banana smoothie; bread with peanut butter; roasted maize and a glass of milk. Carry snacks in your bag so that long meetings or matatu delays do not mean long gaps without food. Small, regular additions build up over the week.",
          "Supper examples: ugali with fish in coconut sauce and sukuma wiki; mukimo with beef stew; sweet potatoes with bean stew and spinach; matoke in groundnut sauce. If you are still hungry before bed, have a cup of warm milk or a small bowl of uji. Track your weight once a week, at the same time of day, and if it has not changed after three weeks, add one more snack daily.",
        ],
      },
      {
        title: "Building Curves With Strength Training",
        paragraphs: [
          "Eating more without exercise means most of the gained weight is likely to be fat, often around the tummy. Strength training directs more of that energy into muscle, building shape in the hips, glutes, thighs, arms and shoulders. Two to three sessions each week of thirty to forty minutes are enough to see meaningful progress for a beginner. You can train at home with your body weight and simple household items.",
          "Focus on compound movements that work several muscles at once: squats, lunges, glute bridges and hip thrusts, Romanian deadlifts with a filled backpack, push-ups against a wall or table, and rows pulling a bag of books towards your ribs. Do three sets of eight to twelve repetitions for each, resting for about a minute. Make the exercises a little harder every week or two by adding weight or repetitions.",
          "Rest and patience complete the plan. Muscles grow while you recover, so sleep seven to nine hours and take rest days. Aim to gain about a quarter to half a kilogram per week. Avoid appetite pills, hip-enlarging syrups and injections sold in markets or online, as many contain steroids or undeclared medicines with serious side effects. Real food, steady training and time are the safest and most lasting path.",
        ],
      },
    ],
  },
  {
    key: "glow-kenyan-sun",
    title: "Glow in the Kenyan Sun: Skincare for Melanin-Rich Skin",
    description:
      "A complete skincare guide written for melanin-rich skin and the Kenyan climate, from the dry highlands to the humid coast. Build a simple routine, choose a sunscreen that doesn't leave a cast, treat dark marks safely and learn which ingredients to trust. Honest advice, no bleaching and no miracle promises.",
    categorySlugs: ["skin-beauty"],
    accessType: "premium",
    price: "800.00",
    published: true,
    downloadable: false,
    coverColors: ["#f97316", "#7c2d12"],
    daysAgo: 40,
    chapters: [
      {
        title: "Know Your Skin",
        paragraphs: [
          "Melanin-rich skin has wonderful qualities. It offers some natural protection against sunburn and often shows fine lines later than lighter skin. It also has particular needs. It tends to develop dark marks easily after any inflammation, such as a pimple, a scratch or irritation from a harsh product. It can look ashy when dry, and it is prone to certain conditions such as melasma and keloid scars. Good skincare works with these qualities.",
          "Start by identifying your skin type. Oily skin looks shiny by midday, especially across the forehead, nose and chin. Dry skin feels tight after washing and may look dull or flaky. Combination skin is oily in the centre and normal or dry on the cheeks. Sensitive skin stings or reddens easily with new products. Your type can change with climate, so your skin in Nairobi's cold July may behave differently from your skin on holiday in Diani.",
          "Also consider your main concerns. For many Kenyan women, these are dark marks and uneven tone, acne, dryness or oiliness, and ingrown hairs after shaving. Choosing one or two priorities keeps your routine focused and your spending sensible. Trying to fix everything at once with ten products usually leads to irritation, which in melanin-rich skin often means even more dark marks. Simple and consistent always beats complicated and occasional.",
        ],
      },
      {
        title: "A Simple Daily Routine",
        paragraphs: [
          "A good routine needs only three core steps. In the morning: cleanse gently, moisturise, and apply sunscreen. In the evening: cleanse to remove sunscreen, dirt and make-up, then apply a treatment product if you use one, followed by moisturiser. That is it. Everything else is optional. Choose a gentle, non-stripping cleanser, because harsh soaps can damage the skin barrier and cause dryness, irritation and, ironically, more oil.",
          "Choose your moisturiser according to your skin type and the climate. Lightweight gels and lotions suit oily skin and humid places such as Mombasa, Kisumu and Lamu. Richer creams suit dry skin and the cold, dry months in Nairobi and the highlands. Ingredients such as glycerin, hyaluronic acid and ceramides help skin hold on to water. For the body, shea butter or a thicker lotion applied to damp skin after bathing works beautifully.",
          "Introduce new products one at a time, waiting about two weeks before adding another, so you can identify anything that irritates your skin. Test each new product on a small area, such as behind the ear or on the inner arm, for a day or two first. Keep a short note of what you use and how your skin responds. This simple habit saves money and helps you build a routine that truly suits you.",
        ],
      },
      {
        title: "Sunscreen, Every Single Day",
        paragraphs: [
          "The equatorial sun in Kenya is strong throughout the year, and at Nairobi's altitude ultraviolet levels are high even on cloudy days. UV rays worsen dark marks, melasma and uneven tone, break down collagen over time and can contribute to skin cancer, which does occur in darker skin and is often detected late. If you want to fade marks or keep your skin even, sunscreen is the single most important product you can use.",
          "Look for a broad-spectrum sunscreen with SPF 30 or higher. Tinted mineral formulas or modern chemical filters usually blend best on deeper skin tones without a grey cast. Apply about two finger lengths for the face and neck as the last step of your morning routine. Reapply every two hours outdoors and after sweating. Wear a hat and use shade between ten in the morning and four in the afternoon when possible.",
          "Cost is a genuine barrier for many women. A reasonably priced sunscreen used generously every day protects you better than an expensive one used occasionally and sparingly. Buy from reputable pharmacies and shops to avoid counterfeits, check the expiry date, and store sunscreen away from heat. If you find one you like that does not leave a cast or cause breakouts, it is worth budgeting for it as a monthly essential.",
        ],
      },
      {
        title: "Treating Dark Marks Safely",
        paragraphs: [
          "Dark marks after acne or injury, called post-inflammatory hyperpigmentation, are the most common concern in melanin-rich skin. They fade with time, but the process can be sped up with the right approach. First, stop the cause: treat active acne, avoid picking, and reduce irritation from harsh products. Second, protect with daily sunscreen. Third, add a treatment product containing ingredients with good evidence for reducing pigmentation.",
          "Helpful ingredients include niacinamide, azelaic acid, vitamin C, alpha arbutin, kojic acid, and gentle exfoliating acids such as lactic or mandelic acid. Retinoids, available over the counter as retinol or by prescription, also help but can irritate, so start slowly, two or three nights a week. Choose one active ingredient to begin with and give it at least eight to twelve weeks before judging whether it works for you.",
          "Avoid skin-lightening products that promise dramatic results. Many creams and injections sold in markets and online contain high-strength hydroquinone, potent steroids or mercury. These can cause thinning and fragile skin, stretch marks, acne, a permanent blue-black darkening called exogenous ochronosis and, with mercury, damage to the kidneys and nervous system. If your marks are not improving or you have melasma, a dermatologist can prescribe safe, effective treatment.",
        ],
      },
      {
        title: "Climate, Lifestyle and Your Glow",
        paragraphs: [
          "Your skin reflects your overall health. Drinking enough water, eating plenty of vegetables and fruit such as sukuma wiki, carrots, mangoes, oranges and pawpaw, and including healthy fats from avocado, groundnuts and fish all support healthy skin. Some people find that very sugary diets or large amounts of dairy worsen their acne, so notice what affects you. Getting enough sleep also helps your skin repair itself overnight.",
          "Adjust your routine with the weather. In the dry months, use a richer moisturiser, avoid very hot showers and apply body lotion or shea butter while the skin is still damp. In humid conditions or at the coast, switch to lighter gels, cleanse after sweating and wear breathable cotton. Dust from roads and construction in towns can clog pores, so always cleanse thoroughly in the evening before bed.",
          "Finally, know when to see a professional. Persistent acne, painful cysts, spreading patches of pigmentation, keloids, rashes that do not improve, and any mole or dark spot that changes, bleeds or itches deserve a visit to a doctor or dermatologist. Good skin is not about being lighter or flawless. It is about healthy, comfortable skin that you care for consistently and feel confident in, in every season.",
        ],
      },
    ],
  },
  {
    key: "walk-it-off",
    title: "Walk It Off: The Nairobi Walking Plan",
    description:
      "A free eight-week walking plan for women who want to lose weight, boost energy and feel better without a gym. Start where you are, build your steps gradually and fit walking into busy city days. Includes safety tips, footwear advice and ideas for staying motivated.",
    categorySlugs: ["weight-loss"],
    accessType: "free",
    price: "0.00",
    published: true,
    downloadable: false,
    coverColors: ["#0ea5e9", "#0c4a6e"],
    daysAgo: 45,
    chapters: [
      {
        title: "Why Walking Works",
        paragraphs: [
          "Walking is the most natural form of exercise there is. It needs no equipment beyond a comfortable pair of shoes, costs nothing, and can be done almost anywhere. For women who want to lose weight, regular brisk walking burns energy, helps control blood sugar, supports heart health and improves mood. It is gentle on the joints, making it ideal for women who are starting out, returning after a break or carrying extra weight.",
          "Walking also fits into real life in a way that gym sessions often do not. Many of us already walk between matatu stages, around markets and up and down office stairs. This plan builds on those everyday steps and adds a few dedicated walks each week. Over eight weeks, you will gradually increase both the amount and the pace of your walking so that your fitness grows steadily without injury or burnout.",
          "Before starting, check in with your body. If you have heart disease, high blood pressure that is not controlled, diabetes, severe joint pain or any other medical condition, or if you have been very inactive for a long time, talk to your doctor first. Stop walking and seek medical help if you ever experience chest pain, severe breathlessness, dizziness or fainting. Listening to your body is part of training well.",
        ],
      },
      {
        title: "Weeks One to Four: Building the Habit",
        paragraphs: [
          "For the first week, simply measure your normal activity. Use your phone's step counter or a simple pedometer and note your average daily steps without changing anything. Many women living in the city find they take between 3,000 and 5,000 steps on a normal workday. That number is your starting point, and there is no shame in it. The aim is progress from your own baseline, not comparison with anyone else.",
          "In weeks two and three, add about 1,000 to 1,500 steps to your daily average. Get off the matatu one stage early, take the stairs instead of the lift, walk to the shops instead of ordering delivery, and take phone calls on your feet. Add three dedicated walks per week of fifteen to twenty minutes at a comfortable pace. Early morning or early evening walks are cooler and often more pleasant.",
          "In week four, increase your three weekly walks to twenty-five minutes and try to walk a little faster for the middle ten minutes. You should feel slightly out of breath but still be able to talk in short sentences. This is brisk walking, and it is where many of the health benefits come from. By the end of the month, walking should feel like a regular part of your week rather than an extra task.",
        ],
      },
      {
        title: "Weeks Five to Eight: Stepping It Up",
        paragraphs: [
          "In the second month, aim for four walks per week of thirty to forty minutes, with most of the time at a brisk pace. Add variety by choosing routes with gentle hills, climbing a few flights of stairs during your walk, or including intervals: one minute of fast walking followed by two minutes at a moderate pace, repeated several times. Interval walking is a good way to challenge your heart without needing to run.",
          "One longer walk each weekend, of forty-five minutes to an hour, can become something to look forward to. Walk with a friend, your children, your partner or members of your chama. Karura Forest, the Arboretum, Ngong Road Forest and many estate paths offer pleasant scenery in Nairobi. In other towns, quiet roads, school fields and lakeshores work well. Walking with others keeps you accountable and turns exercise into social time.",
          "By the end of eight weeks, many women reach a daily average of 7,000 to 10,000 steps. Combined with sensible portions, this can support steady weight loss of around half a kilogram to one kilogram per week for many women, though every body is different. Just as important are the changes you will notice in your energy, sleep, mood and stamina. Celebrate those wins, not just the number on the scale.",
        ],
      },
      {
        title: "Staying Safe and Motivated",
        paragraphs: [
          "Comfortable footwear is your most important investment. Choose shoes with cushioning and good support that fit well, with a little room at the toes. Well-kept second-hand trainers from the market can be a sensible option if they are not worn down. Wear breathable clothes, carry water, and use sunscreen and a hat when walking in the daytime sun. A small bag or waist pouch keeps your phone and keys secure.",
          "Safety matters, especially in the city. Walk on well-lit, busy routes, preferably with company when walking early in the morning or after dark. Let someone know your route and expected return time. Keep your phone and valuables out of sight and stay alert near roads, particularly at busy junctions and matatu stages. Reflective strips or light-coloured clothing help drivers see you when visibility is low in the early morning or evening.",
          "Motivation rises and falls, so build systems that do not depend on it. Schedule your walks in your calendar like appointments, lay out your shoes and clothes the night before, and track your steps in a notebook or app. Reward yourself for consistency, perhaps with new socks or a favourite podcast for your walks. If you miss a few days, simply start again the next morning. Every walk counts.",
        ],
      },
    ],
  },
  {
    key: "mindful-eating-busy-women",
    title: "Mindful Eating for Busy Women",
    description:
      "Learn to recognise real hunger, eat with attention and break the cycle of stress snacking and late-night eating. Practical, realistic strategies for women balancing work, family and long commutes. A gentle approach to weight management that starts with how you eat, not only what you eat.",
    categorySlugs: ["weight-loss", "flat-tummy-lower-belly"],
    accessType: "subscription",
    price: null,
    published: true,
    downloadable: false,
    coverColors: ["#14b8a6", "#134e4a"],
    daysAgo: 60,
    chapters: [
      {
        title: "Why We Eat When We Are Not Hungry",
        paragraphs: [
          "Most of us do not eat only because we are hungry. We eat because it is lunchtime, because the food is there, because we are bored in a long meeting, stressed about school fees, tired after a long commute, or celebrating with family. Food is woven into our social lives and our emotions, and that is part of what makes it meaningful. But when eating becomes automatic, it can lead to eating far more than our bodies need.",
          "Mindful eating means paying attention to what, when, why and how you eat, without harsh judgement. It is not a diet with forbidden foods. It is a set of skills that help you notice your body's signals of hunger and fullness, enjoy your food more, and make choices on purpose rather than on autopilot. Studies suggest these skills can help reduce binge eating and emotional eating, and support weight management.",
          "This guide is designed for real, busy lives. You will not be asked to meditate for an hour before every meal or eat in silence. Instead, you will learn small practices that fit into a workday lunch, a family supper or a quick breakfast before the matatu. If you have a history of eating disorders or find food causes you deep distress, please seek support from a doctor or counsellor alongside this guide.",
        ],
      },
      {
        title: "Learning Your Hunger Signals",
        paragraphs: [
          "Imagine a hunger scale from one to ten. One means you are so hungry you feel shaky, irritable or dizzy. Five means neutral, neither hungry nor full. Ten means uncomfortably stuffed, as after a large wedding feast. The aim is to begin eating at around three or four, when you feel genuine hunger but are not desperate, and to stop at around six or seven, when you are satisfied but not heavy.",
          "Physical hunger builds gradually, can be satisfied by many different foods and often comes with a rumbling stomach, low energy or difficulty concentrating. Emotional hunger tends to come suddenly, craves specific comfort foods such as sweets, chips or bread, and is often linked to a feeling such as stress, sadness, loneliness or boredom. It may also continue even after you are full. Learning to tell them apart takes practice.",
          "For the next week, before each meal or snack, pause for a few seconds and rate your hunger. After eating, rate it again. Note the numbers in your phone or a small notebook. You may discover patterns, such as arriving home at seven so hungry that you overeat, or snacking in the afternoon when you are actually tired or thirsty. These discoveries will guide the changes you make next.",
        ],
      },
      {
        title: "Practical Mindful Eating",
        paragraphs: [
          "Slow down. It takes around twenty minutes for fullness signals to reach the brain. Put your spoon or fork down between bites, chew thoroughly and take a sip of water halfway through the meal. If you eat ugali with your hands, take smaller pieces and pause between mouthfuls. Eating more slowly often means feeling satisfied with less food, and it helps digestion and reduces bloating too.",
          "Reduce distractions where you can. Eating while scrolling on your phone, watching television or working at your desk makes it easy to finish a plate without noticing. Try to eat at least one meal a day sitting at a table, looking at your food and enjoying its colour, smell and taste. When you eat with family, let the conversation slow the meal down. This simple change can make a big difference.",
          "Serve yourself a portion on a plate rather than eating from the sufuria, the packet or the serving dish. Using a slightly smaller plate can help too. Before taking seconds, wait ten minutes and check your hunger again. Often you will find you are satisfied. If you are still hungry, have more vegetables or protein. This is not about strict rules but about giving your body a chance to speak.",
        ],
      },
      {
        title: "Stress, Cravings and Evening Eating",
        paragraphs: [
          "Many women eat well during the day and then lose control in the evening. Often this is because they skipped breakfast or ate a very small lunch, arriving home exhausted and ravenous. The first solution is practical: eat regular meals and a planned afternoon snack, such as fruit and groundnuts or yoghurt, so that you are not starving by the time you reach home after the long commute.",
          "When a craving appears, pause and ask yourself what you really need. If you are hungry, eat a proper meal or snack. If you are tired, rest, and plan an earlier bedtime. If you are stressed or sad, try a short walk, a phone call to a friend, prayer, a warm shower or writing your thoughts down. Sometimes you will still choose the treat, and that is fine, as long as you choose it consciously.",
          "Be gentle with yourself when you overeat. Guilt and self-criticism often lead to more emotional eating, not less. Instead, notice what happened without judgement, consider what might help next time, and return to your usual eating pattern at the next meal. Lasting change is built from many small, kind choices over months. Each mindful meal is practice, and practice gradually makes this way of eating feel natural.",
        ],
      },
    ],
  },
  {
    key: "hips-curves-advanced",
    title: "Hips & Curves: Advanced Lower-Body Training",
    description:
      "The next step after Glute Foundations, for women ready to train harder. Learn to structure your training week, apply progressive overload with home and gym equipment, and eat to support muscle growth. Includes recovery guidance and tips for long-term progress.",
    categorySlugs: ["hips-glutes", "weight-gain"],
    accessType: "premium",
    price: "600.00",
    published: false,
    downloadable: false,
    coverColors: ["#d946ef", "#701a75"],
    daysAgo: 90,
    chapters: [
      {
        title: "Are You Ready to Progress?",
        paragraphs: [
          "This guide is for women who have been training their lower body consistently for at least two to three months and have mastered the basic movements: squats, bridges, lunges and hip hinges. If you can perform three sets of fifteen bodyweight squats and single-leg glute bridges with good form, and you feel that home workouts have become too easy, you are ready to increase the challenge and build more strength and shape.",
          "Advanced training is not simply about doing more. It is about applying smarter structure: choosing exercises that load the muscles effectively, increasing resistance in a planned way, managing fatigue and recovering well. Many women plateau because they repeat the same workout for months. The body adapts to what it is asked to do, so continued change requires a continued, gradual increase in demand over time.",
          "Before you begin, review your technique, ideally with a qualified trainer if you have access to a gym. Heavier loads magnify any form problems, especially in the lower back and knees. If you have a history of back, hip or knee injury, or any medical condition, get advice from a physiotherapist or doctor before increasing intensity. Training should challenge you without causing pain or injury.",
        ],
      },
      {
        title: "Structuring Your Training Week",
        paragraphs: [
          "For intermediate women, training the lower body two to three times per week works well, with upper-body or full-body sessions on other days if you wish. A simple structure is one heavier day focusing on squats and hip thrusts with six to ten repetitions, and one lighter day focusing on lunges, step-ups and hip abduction work with twelve to twenty repetitions. A third optional day can mix both.",
          "Key exercises include barbell or dumbbell hip thrusts, goblet or back squats, Romanian deadlifts, Bulgarian split squats, step-ups onto a bench, cable or band kickbacks and seated or standing hip abduction. At home, loaded backpacks, water containers and resistance bands can substitute for many of these. Choose four to six exercises per session and perform three to four sets of each with about ninety seconds of rest.",
          "Track every session. Record the exercise, weight, sets and repetitions. Aim to add a small amount of weight or one or two repetitions every week or two. When progress stalls for several weeks, change the repetition range or exercise variation. Every six to eight weeks, take a lighter week with fewer sets to let your body recover fully. This planned rest often leads to better progress afterwards.",
        ],
      },
      {
        title: "Eating for Muscle Growth",
        paragraphs: [
          "To build noticeable muscle in the hips and glutes, most women need to eat slightly more energy than they burn, often called a lean surplus. An extra 200 to 300 calories per day is usually enough, equal to a banana with a tablespoon of peanut butter, or an extra portion of githeri. Gaining much faster tends to add more fat than muscle. Weigh yourself weekly and aim for a slow, steady increase.",
          "Protein remains central. Aim for roughly 1.6 grams per kilogram of body weight daily, spread across three or four meals. Eggs, beans, ndengu, omena, fish, chicken, beef, milk, mala and yoghurt are excellent sources. Carbohydrates from ugali, rice, sweet potatoes, oats and fruit fuel your training sessions, so do not cut them out. Healthy fats from avocado, nuts and fish support hormones and overall health.",
          "Supplements are not essential. If you choose to use protein powder or creatine, which has good evidence for supporting strength, buy from reputable sources and follow the label. Avoid any products claiming to enlarge hips or buttocks through hormones, pills or injections. These are unregulated, can contain steroids and have caused serious harm. Well-planned training and good food remain the foundation of real results.",
        ],
      },
      {
        title: "Recovery and Long-Term Progress",
        paragraphs: [
          "Muscle grows during recovery, not during the workout itself. Sleep is the most powerful recovery tool available, so aim for seven to nine hours each night. Keep at least one full rest day each week, and use lighter activities such as walking or stretching on other days. Persistent fatigue, poor sleep, frequent illness or declining strength are signs you may be doing too much and need more rest.",
          "Mobility work helps you move well and train safely. Spend five to ten minutes after training stretching your hip flexors, hamstrings, quadriceps and glutes. Hip flexor stretches are especially helpful for women who sit for long hours. A foam roller or even a firm bottle can ease tightness in the thighs. Warming up properly before heavy sets remains essential, no matter how experienced you become.",
          "Finally, think long term. Building significant muscle is a process of months and years, not weeks. Take progress photos every four to six weeks in the same light and clothing, and keep your training log. Celebrate strength milestones, such as your first bodyweight hip thrust. Your body shape will always be influenced by genetics, but strength, confidence and health are goals every woman can keep improving.",
        ],
      },
    ],
  },
  // Issue 50: an ebook written in Swahili.
  {
    key: "sw-ngozi-yenye-afya",
    language: "sw",
    translationOf: "glow-kenyan-sun",
    title: "Ngozi Yenye Afya: Mwongozo wa Utunzaji wa Ngozi wa Kila Siku",
    description:
      "Mwongozo mfupi wa kutunza ngozi katika hali ya hewa ya Kenya: kusafisha, kulainisha, kujikinga na jua na kutibu madoa kwa usalama. Ushauri wa kweli, bila kujichubua na bila ahadi za miujiza.",
    categorySlugs: ["skin-beauty"],
    accessType: "premium",
    price: "350.00",
    published: true,
    downloadable: true,
    coverColors: ["#f59e0b", "#92400e"],
    daysAgo: 100,
    chapters: [
      {
        title: "Ifahamu Ngozi Yako",
        paragraphs: [
          "Ngozi ya kila mtu ni tofauti. Wengine wana ngozi yenye mafuta mengi, hasa kwenye paji la uso na pua; wengine wana ngozi kavu inayowasha baada ya kuoga; na wengi wana mchanganyiko wa hizo mbili. Kuifahamu ngozi yako ndiyo hatua ya kwanza ya kuchagua bidhaa zinazokufaa.",
          "Hali ya hewa pia ina athari. Baridi na upepo wa nyanda za juu hukausha ngozi, wakati joto na unyevu wa pwani huongeza jasho na mafuta. Badilisha utaratibu wako kulingana na mahali unapoishi na msimu.",
        ],
      },
      {
        title: "Utaratibu Rahisi wa Kila Siku",
        paragraphs: [
          "Asubuhi, osha uso kwa maji ya uvuguvugu na sabuni laini isiyo na manukato makali. Paka mafuta au losheni ya kulainisha, kisha mafuta ya kuzuia jua yenye SPF 30 au zaidi. Usiku, ondoa vipodozi na uchafu wa siku kabla ya kulala, kisha lainisha ngozi tena.",
          "Huhitaji bidhaa nyingi. Sabuni laini, losheni inayokufaa na mafuta ya kuzuia jua yanatosha kwa wanawake wengi. Ongeza bidhaa mpya moja baada ya nyingine, ili ngozi ikikataa kitu ujue ni kipi.",
        ],
      },
      {
        title: "Madoa Meusi na Kujichubua",
        paragraphs: [
          "Madoa meusi baada ya chunusi au jeraha hupotea taratibu kwa miezi kadhaa, hasa ukijikinga na jua kila siku. Usiyafinye wala kuyakwaruza, kwa kuwa hilo huyakoza zaidi.",
          "Krimu za kujichubua zinazouzwa bila maelekezo ya daktari mara nyingi huwa na zebaki au steroidi kali. Zinaweza kuharibu ngozi, kuleta madoa mapya na kudhuru afya ya mwili. Ikiwa madoa yanakusumbua, muone daktari wa ngozi akushauri matibabu salama.",
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------

export const testimonials: SeedTestimonial[] = [
  {
    name: "Achieng Otieno",
    role: "Teacher, Kisumu",
    content:
      "The plate method changed how I serve food at home. I still eat ugali with my family, just less of it and more sukuma. I have lost six kilos in four months and my blood pressure readings are better. Nuru never makes you feel judged.",
    rating: 5,
  },
  {
    name: "Wanjiru Kamau",
    role: "Accountant, Nairobi",
    content:
      "I now get off the matatu two stages early and walk to the office every day, thanks to the walking plan. Simple, practical and written for women like me who have no time for the gym.",
    rating: 5,
  },
  {
    name: "Fatuma Hassan",
    role: "Nurse, Mombasa",
    content:
      "As a nurse, I appreciate that Nuru always tells readers to see a doctor when something is wrong. I share the breast self-exam guide with my patients. I would love even more content on skincare for coastal humidity.",
    rating: 4,
  },
  {
    name: "Chebet Kiprono",
    role: "University student, Eldoret",
    content:
      "I have always been skinny and tired of the comments. Gain With Grace helped me eat more regularly and start strength training. I have gained four kilos steadily and I feel strong for the first time.",
    rating: 5,
  },
  {
    name: "Nyambura Mwangi",
    role: "Small business owner, Nakuru",
    content:
      "Glow in the Kenyan Sun was worth every shilling. My acne marks are fading and I finally found a sunscreen that doesn't leave me grey. Patience really is the secret.",
    rating: 4,
  },
];

// ---------------------------------------------------------------------------
// Hero slides
// ---------------------------------------------------------------------------

export const heroSlides: SeedHeroSlide[] = [
  {
    title: "Wellness that fits Kenyan life",
    subtitle: "Practical guides on weight, shape, breast health and skin, written for the way you eat, move and live.",
    imageKey: "hero:1",
    primaryButtonText: "Explore articles",
    primaryButtonLink: "/articles",
    secondaryButtonText: "See pricing",
    secondaryButtonLink: "/pricing",
    titleSw: "Afya njema inayoendana na maisha ya Kenya",
    subtitleSw:
      "Miongozo ya vitendo kuhusu uzito, umbo, afya ya matiti na ngozi, iliyoandikwa kwa jinsi unavyokula, unavyojishughulisha na unavyoishi.",
    primaryButtonTextSw: "Gundua makala",
    secondaryButtonTextSw: "Angalia bei",
  },
  {
    title: "Build strength and curves at home",
    subtitle:
      "Step-by-step programmes for hips, glutes and a stronger core. No gym, no gimmicks, just steady progress.",
    imageKey: "hero:2",
    primaryButtonText: "Browse ebooks",
    primaryButtonLink: "/ebooks",
    secondaryButtonText: "View categories",
    secondaryButtonLink: "/categories",
    titleSw: "Jenga nguvu na umbo lako ukiwa nyumbani",
    subtitleSw:
      "Mazoezi ya hatua kwa hatua ya nyonga, makalio na tumbo lenye nguvu. Bila gym, bila njia za mkato: maendeleo ya kudumu tu.",
    primaryButtonTextSw: "Tazama vitabu pepe",
    secondaryButtonTextSw: "Tazama kategoria",
  },
  {
    title: "Care for your skin and your health",
    subtitle: "From sunscreen for melanin-rich skin to monthly breast checks: honest advice you can trust.",
    imageKey: "hero:3",
    primaryButtonText: "Start reading free",
    primaryButtonLink: "/articles",
    secondaryButtonText: "About Nuru",
    secondaryButtonLink: "/about",
    titleSw: "Tunza ngozi yako na afya yako",
    subtitleSw:
      "Kuanzia mafuta ya kuzuia jua kwa ngozi yenye melanini hadi kujichunguza matiti kila mwezi: ushauri wa kweli unaoweza kuuamini.",
    primaryButtonTextSw: "Anza kusoma bure",
    secondaryButtonTextSw: "Kuhusu Nuru",
  },
];

// ---------------------------------------------------------------------------
// Featured ad (primary button text/link is generated by the seed)
// ---------------------------------------------------------------------------

export const featuredAd: {
  ebookKey: string;
  headline: string;
  subtext: string;
  primaryButtonText: string;
  secondaryButtonText: string;
  secondaryButtonLink: string;
  headlineSw: string;
  subtextSw: string;
  primaryButtonTextSw: string;
  secondaryButtonTextSw: string;
} = {
  ebookKey: "glute-foundations",
  headline: "Glute Foundations: your 4-week home programme",
  subtext:
    "Build stronger hips and glutes in a bedsitter-sized space with a clear, progressive plan. One payment of KES 550, lifetime access.",
  primaryButtonText: "Get the programme",
  secondaryButtonText: "Browse all ebooks",
  secondaryButtonLink: "/ebooks",
  // The ebook's title is its author's (glossary: titles are content); the rest in Swahili.
  headlineSw: "Glute Foundations: mpango wako wa mazoezi wa wiki 4 nyumbani",
  subtextSw:
    "Jenga nyonga na makalio yenye nguvu hata katika chumba kidogo, kwa mpango ulio wazi unaoendelea hatua kwa hatua. Lipa mara moja KSh 550, ukisome milele.",
  primaryButtonTextSw: "Pata mpango wa mazoezi",
  secondaryButtonTextSw: "Tazama vitabu pepe vyote",
};
