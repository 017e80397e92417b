/** English strings of the reactions screens and widgets (merged into the en pack by ../en.ts). */
export const reactionsEn: Readonly<Record<string, string>> = {
  '+{count}': '+{count}',
  'Add Reaction': 'Add Reaction',
  Log: 'Log',
  'No Reactions Yet': 'No Reactions Yet',
  'Reaction Log': 'Reaction Log',
  Reactions: 'Reactions',
  'Score: {score}': 'Score: {score}',
  'Something has gone wrong.': 'Something has gone wrong.',
  'Vote Down': 'Vote Down',
  'Vote Up': 'Vote Up',
  Votes: 'Votes',
};
