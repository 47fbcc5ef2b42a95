/** The icebreakers Hearth ships. Keys are stable (programs store them); questions may be reworded. */
export interface LibraryIcebreaker {
  library_key: string;
  question: string;
  theme: IcebreakerTheme;
}

export type IcebreakerTheme = 'getting_to_know' | 'work' | 'fun' | 'thoughtful' | 'remote';

export const ICEBREAKER_THEMES: Array<{ key: IcebreakerTheme; label: string }> = [
  { key: 'getting_to_know', label: 'Getting to know you' },
  { key: 'work', label: 'Work life' },
  { key: 'fun', label: 'Just for fun' },
  { key: 'thoughtful', label: 'Thoughtful' },
  { key: 'remote', label: 'Remote and hybrid' },
];

const QUESTIONS: Record<IcebreakerTheme, string[]> = {
  getting_to_know: [
    'Where did you grow up, and what do you miss most about it?',
    'What did you want to be when you were a kid?',
    'What is a skill you picked up in the last year?',
    'What does a perfect weekend look like for you?',
    'What is the best trip you have ever taken?',
    'Which book, show or podcast have you recommended most recently?',
    'What is a small thing that reliably makes your day better?',
    'What is something most people here would not guess about you?',
    'What is your favourite thing to cook or eat?',
    'What hobby would you pick up if you had an extra hour every day?',
  ],
  work: [
    'What is a project you are proud of, here or anywhere?',
    'What does your team do that the rest of the company should know about?',
    'What is the best piece of career advice you have been given?',
    'What was your first job, and what did it teach you?',
    'What part of your work gives you the most energy?',
    'What is a tool or habit that makes your work day easier?',
    'What is something you would love to learn from another team?',
    'How did you end up in the role you have now?',
    'What is a problem at work you keep thinking about?',
    'Who was the best manager or mentor you have had, and why?',
  ],
  fun: [
    'If you could have any animal as a pet, what would it be?',
    'What would your walk-up song be?',
    'Which fictional world would you most like to live in?',
    'What is the most unusual food you have tried?',
    'If you could instantly master one instrument, which would it be?',
    'What is your go-to karaoke song (real or hypothetical)?',
    'Coffee, tea, or something else entirely?',
    'What is the best concert or live show you have been to?',
    'If you won a free trip tomorrow, where would you go?',
    'What is a hill you are willing to die on that does not matter at all?',
  ],
  thoughtful: [
    'What is something you have changed your mind about recently?',
    'What is a goal you are working towards this year?',
    'Who has had a big influence on how you work or live?',
    'What does a good day at work feel like to you?',
    'What is something you are learning right now?',
    'What is a piece of advice you would give your younger self?',
    'What is something you are grateful for this week?',
    'What does community mean to you at work?',
    'What is a challenge you overcame that you are proud of?',
    'What would you do with a month off and no obligations?',
  ],
  remote: [
    'What does your workspace look like right now?',
    'What is your best tip for staying focused at home?',
    'How do you mark the end of your work day?',
    'What is something in your town you would show a visiting colleague?',
    'What time zone hack or routine keeps you sane?',
    'What is the best thing about where you work from?',
    'What do you do on your breaks?',
    'Which meeting habit would you happily get rid of?',
    'What is the view from your window?',
    'How do you stay connected with teammates you rarely see?',
  ],
};

const THEME_PREFIX: Record<IcebreakerTheme, string> = { getting_to_know: 'know', work: 'work', fun: 'fun', thoughtful: 'deep', remote: 'remote' };

export const ICEBREAKER_LIBRARY: LibraryIcebreaker[] = (Object.keys(QUESTIONS) as IcebreakerTheme[]).flatMap((theme) =>
  QUESTIONS[theme].map((question, i) => ({ library_key: `${THEME_PREFIX[theme]}-${String(i + 1).padStart(2, '0')}`, question, theme })),
);
