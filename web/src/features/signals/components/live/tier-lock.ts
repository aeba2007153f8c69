import { tierThatShows } from '@le/contracts';

const membersOf = (tier: 'pro' | 'expert'): string => (tier === 'pro' ? 'Pro and Expert' : 'Expert');

/** "Levels are for Pro and Expert members": the tiers that see what this viewer does not. */
export const levelsLockText = `Levels are for ${membersOf(tierThatShows('levels'))} members`;
export const analysisLockText = `Analysis is for ${membersOf(tierThatShows('analysis'))} members`;
