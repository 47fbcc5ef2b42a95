/**
 * The packs Hearth ships. Each prompt is keyed `{pack key}:{index}` (1-based), so the list is append-only:
 * add new prompts at the end of a pack and fix wording in place, but never reorder or remove lines
 * (a removed line would give its key to the next one). To drop a prompt, set `retired: true`.
 *
 * What makes a good prompt here: easy to answer in a sentence, works for anyone whatever their family,
 * budget, health, faith or where they live, needs no alcohol or holidays to be fun, and invites a story
 * rather than a verdict.
 */
export interface LibraryPrompt {
  text: string;
  retired?: boolean;
}

export interface LibraryPack {
  key: string;
  name: string;
  emoji: string;
  description: string;
  /** On the free plan. */
  isFree: boolean;
  prompts: readonly (string | LibraryPrompt)[];
}

export const DEFAULT_DOZEN_KEY = 'default-dozen';

export const LIBRARY: readonly LibraryPack[] = [
  {
    key: DEFAULT_DOZEN_KEY,
    name: 'Default Dozen',
    emoji: '☕',
    description: 'Twelve easy, friendly questions to get any channel talking. A little of everything: you, food, hobbies, work and the week.',
    isFree: true,
    prompts: [
      "What's a small thing that made your week better?",
      'If you could instantly master one skill, what would it be and why?',
      "What's a meal you could happily eat every week?",
      'What does your ideal workspace look like, and how close is your current one?',
      'Would you rather have a free hour every morning or every evening?',
      "What's something you're learning right now, at work or outside it?",
      "What's a hobby or interest you'd love to tell people more about?",
      "What's the best piece of advice you've been given at work?",
      "What's on your desk (or near it) that has a story behind it?",
      "What's a show, book, podcast or game you'd recommend to this channel?",
      "What's one thing that helps you reset after a busy day?",
      "What's a win from this week, big or small, that deserves a shout-out?",
    ],
  },
  {
    key: 'getting-to-know-you',
    name: 'Getting to know you',
    emoji: '👋',
    description: 'Light, personal questions that help people see each other beyond their job titles.',
    isFree: false,
    prompts: [
      "What's a fun fact about you that most people here wouldn't guess?",
      "What's a place that feels like home to you?",
      'What did you want to be when you were younger?',
      "What's the most interesting job you've had before this one?",
      "What's something you're proud of that isn't on your résumé?",
      'If a theme song played whenever you walked into a room, what would it be?',
      "What's a small ritual or tradition that's all yours?",
      'Which three emoji describe you best?',
      "What's a skill you picked up in an unexpected way?",
      "What's something from your hometown or culture you'd love others to experience?",
      "What's something you've changed your mind about in the last few years?",
      "What's a compliment you received that stuck with you?",
      "What's your favourite way to spend a free afternoon?",
      'What question do you wish people asked you more often?',
    ],
  },
  {
    key: 'remote-work',
    name: 'Remote work',
    emoji: '🏡',
    description: 'For teams spread across homes, cafés and time zones: setups, routines and the little tricks that make it work.',
    isFree: false,
    prompts: [
      "What's one thing in your workspace you couldn't do without?",
      "What's your best tip for ending the workday when home is also the office?",
      "What does your commute look like now: a hallway, a café, a park bench?",
      "What's your favourite way to take a break during the day?",
      'Camera on, camera off, or it depends? What helps you decide?',
      "What's a tool or app that makes working remotely easier for you?",
      "What's the view from where you're working today?",
      "How do you stay in touch with teammates you rarely talk to?",
      "What's a time-zone mix-up or remote-work mishap you can laugh about now?",
      'What do you like to hear while you work: silence, music, rain, café chatter?',
      "If you could bring one thing from an office into your remote setup, what would it be?",
      "What's a small habit that helps you focus when you're working on your own?",
      'What has working remotely taught you about yourself?',
    ],
  },
  {
    key: 'food',
    name: 'Food & drink',
    emoji: '🍜',
    description: 'Favourite dishes, comfort food, recipes worth sharing and the snacks that get us through the afternoon.',
    isFree: false,
    prompts: [
      "What's a dish from your childhood that you still crave?",
      'Coffee, tea or something else entirely? How do you take it?',
      "What's the best thing you've cooked or baked recently?",
      "What's a food you disliked as a kid but love now?",
      'If you opened a restaurant, what would be on the menu?',
      "What's your favourite snack to keep within reach while you work?",
      "What's a recipe you'd happily share with this channel?",
      "What's the most memorable meal you've ever had?",
      'Sweet or savoury breakfast?',
      "What's a local dish everyone should try where you live?",
      "What's one ingredient you put in almost everything?",
      'If you could eat only one cuisine for a year, which would you choose?',
      "What's your go-to meal when you have ten minutes and no plan?",
    ],
  },
  {
    key: 'hobbies',
    name: 'Hobbies & interests',
    emoji: '🎨',
    description: 'What people make, play, collect and geek out about when work is done.',
    isFree: false,
    prompts: [
      "What's a hobby you've picked up in the last couple of years?",
      "What's something you've made that you're proud of?",
      "What's a hobby you'd try if time were no object?",
      "What's a rabbit hole you've fallen down recently?",
      'Do you collect anything? Tell us about it.',
      "What's a game (board, card, video or outdoor) you'd recommend?",
      "What's something you could talk about for an hour with no preparation?",
      "What's a creative outlet that helps you unwind?",
      "What's a new skill you'd like to pick up this year?",
      "What's an activity you'd love company for?",
      "What's the best class or workshop you've ever taken?",
      'Which hobby turned out harder, or easier, than you expected?',
      "What's a recent project you've been working on, big or small?",
    ],
  },
  {
    key: 'would-you-rather',
    name: 'Would you rather',
    emoji: '🤔',
    description: 'Quick, silly dilemmas with no wrong answers. Great for channels that are just getting warmed up.',
    isFree: false,
    prompts: [
      'Would you rather be able to talk to animals or speak every human language?',
      'Would you rather have a personal chef or a personal chauffeur?',
      'Would you rather explore the deep ocean or outer space?',
      'Would you rather only ever work mornings or only ever work evenings?',
      'Would you rather always be ten minutes early or five minutes late?',
      'Would you rather have unlimited books or unlimited music?',
      'Would you rather live in a treehouse or on a houseboat?',
      'Would you rather be able to pause time or rewind it by ten seconds?',
      'Would you rather give every presentation as a song or as a poem?',
      'Would you rather have a robot that cleans or one that cooks?',
      'Would you rather visit the past or the future for one day?',
      'Would you rather know every keyboard shortcut or type twice as fast?',
      'Would you rather have a window seat or an aisle seat, forever?',
      'Would you rather swap jobs for a day with someone here or with anyone in the world?',
    ],
  },
  {
    key: 'work-style',
    name: 'Work style',
    emoji: '🧭',
    description: 'How each of us works best: focus, feedback, meetings and planning. Handy for teams that are still forming.',
    isFree: false,
    prompts: [
      'When do you do your best thinking: morning, afternoon or late?',
      'How do you like to receive feedback: written, on a call, or in a quick chat?',
      "What's one thing teammates can do that makes your day easier?",
      'How do you plan your week? Lists, calendars, sticky notes, gut feeling?',
      "What's a meeting habit you wish everyone adopted?",
      "What's your favourite way to mark finishing something big?",
      "How do you get unstuck when a problem won't budge?",
      "What's a work habit you've dropped and are glad to be rid of?",
      'Do you prefer to think out loud with others or on your own first?',
      "What's your approach to an overflowing inbox?",
      "What's a small process here that you think is quietly brilliant?",
      "What's the best way to reach you when something is urgent?",
      'What does a really good workday look like for you?',
    ],
  },
  {
    key: 'fun-friday',
    name: 'Fun Friday',
    emoji: '🎉',
    description: 'Easy-going end-of-week questions to close things out on a high.',
    isFree: false,
    prompts: [
      "What's your plan for the weekend: adventure, rest, or something in between?",
      "What's the best thing that happened to you this week?",
      "What's a photo from this week that made you smile? Share it if you like.",
      "What song should be this channel's anthem today?",
      'If today had a theme, what would it be?',
      "What's your most delightfully useless talent?",
      'Describe your week using only emoji.',
      "What's a small treat you're giving yourself today?",
      "What's a film you could watch again and again?",
      'If you could add one day of celebration to the calendar, what would it celebrate?',
      "What's the funniest (work-safe) thing you've seen online lately?",
      'Pick a fictional character to join the team for a week. Who, and in what role?',
      "What's something you're looking forward to next week?",
    ],
  },
  {
    key: 'reflection',
    name: 'Reflection',
    emoji: '🌱',
    description: 'Thoughtful prompts about learning, gratitude and growth, for teams that like to pause and look back.',
    isFree: false,
    prompts: [
      "What's something you learned this month?",
      "What's a decision you made recently that you're glad about?",
      "Who here helped you recently? Give them a shout-out.",
      "What's a goal you're working toward right now?",
      "What's one thing you'd tell yourself from a year ago?",
      "What's a small change that made a big difference to your routine?",
      "What's something you're grateful for this week?",
      "What's a challenge you handled better than you expected?",
      "What's one thing you want to do more of next month?",
      "What's a mistake that taught you something valuable?",
      "What's a piece of work you're proud of from this quarter?",
      'How do you recharge when you are running low?',
      "What's a question you've been turning over in your mind lately?",
    ],
  },
  {
    key: 'books-shows-music',
    name: 'Books, shows & music',
    emoji: '🎧',
    description: 'Recommendations and favourites: what everyone is reading, watching and listening to.',
    isFree: false,
    prompts: [
      "What's a book that changed how you think about something?",
      'What are you reading, watching or listening to right now?',
      "What's a podcast episode you'd recommend to this channel?",
      "What's a song that instantly puts you in a good mood?",
      "What's a show you'd recommend to someone who just joined the team?",
      'Which world from a book, show or film would you most like to visit?',
      "What's an album you can listen to from start to finish?",
      "What's a documentary that stayed with you?",
      "What's a book, show or song from another country or language that you love?",
      "What's your comfort re-watch or re-read?",
      "What's the last thing you recommended to a friend?",
      "What's a concert, play or performance you'll never forget?",
      'If your life were a film, what would the title be?',
    ],
  },
  {
    key: 'learning-growth',
    name: 'Learning & growth',
    emoji: '📚',
    description: 'Swap skills, resources and advice. Good for channels where people like to teach each other.',
    isFree: false,
    prompts: [
      "What's a skill you'd like to learn from someone on this team?",
      "What's the best resource you've found for learning something new?",
      "What's something you're teaching yourself right now?",
      "What advice would you give someone starting your role today?",
      'Who is a mentor or role model that shaped how you work?',
      "What's something you understand now that you didn't a year ago?",
      "What's a skill from outside work that helps you at work?",
      "What's a talk, article or video that gave you a new idea recently?",
      "What would you love to learn if you had a month to spare?",
      'How do you learn best: reading, doing, watching or talking it through?',
      "What's a question you'd love an expert to answer for you?",
      'What could you teach a five-minute lesson on?',
    ],
  },
  {
    key: 'places',
    name: 'Places & spaces',
    emoji: '🗺️',
    description: 'Favourite spots near and far, from a corner café to a dream destination.',
    isFree: false,
    prompts: [
      "What's a place you've been that surprised you?",
      "What's a small, underrated spot where you live?",
      'If you could spend a month anywhere, where would it be?',
      "What's the best day out near where you live?",
      'How do you like to get around: train, bike, on foot, by car?',
      "What's a place you're still dreaming of seeing?",
      'Mountains, coast, city or countryside?',
      "What's an object you keep because of where it came from?",
      "What's a spot you'd love to show a visitor from this team?",
      "What's a neighbourhood tip only locals would know?",
      "What's the most beautiful view you've ever seen?",
      "Where's your favourite place to sit and think?",
    ],
  },
];

/** `{pack key}:{1-based index}`. */
export const libraryPromptKey = (packKey: string, index: number) => `${packKey}:${index + 1}`;

export function libraryPromptText(p: string | LibraryPrompt): string {
  return typeof p === 'string' ? p : p.text;
}

export function isRetired(p: string | LibraryPrompt): boolean {
  return typeof p !== 'string' && p.retired === true;
}
