export interface DemoNewsItem {
  title: string;
  body: string;
  /** Published this many days before the seed first runs, so a fresh demo shows recent news. */
  daysAgo: number;
}

/** Newest first. Titles identify the items: the seed adds a title only once. */
export const DEMO_NEWS: readonly DemoNewsItem[] = [
  {
    title: 'Calving alerts now watch the pre-calving temperature drop',
    body:
      'For cows in the last weeks of pregnancy, CowCare now compares each hour with the same hour of the day ' +
      'before. When the 24-hour temperature falls by 0.3 °C or more (0.2 °C for rumen boluses), you get a ' +
      '"calving expected within 24 hours" notice, so you can move the cow to the calving pen in time. ' +
      'A second notice reminds you when a cow passes her expected calving date.',
    daysAgo: 6,
  },
  {
    title: 'Every heat alert now shows the best insemination window',
    body:
      'Heat alerts now carry the time the estrus started and the window in which to inseminate: from 13 to ' +
      '24 hours after onset. The window opens as its own notice, and the cow list marks cows that are in it. ' +
      'Record the insemination from the alert and CowCare schedules the pregnancy check for you.',
    daysAgo: 24,
  },
  {
    title: 'Drinking monitoring for rumen bolus sensors',
    body:
      'Rumen boluses register every drink as a short temperature dip. CowCare now counts these drinks per cow ' +
      'and warns you when a cow drinks far less than usual or has not drunk for 12 hours. Drinking dips are ' +
      'also left out of the fever check, which removes most false fever alerts right after a drink.',
    daysAgo: 47,
  },
  {
    title: 'Set your own pregnancy-check days',
    body:
      'Under Farm settings you can now set how many days after service each pregnancy check is due: ' +
      'ultrasonic, inspection, rectal, hormone or external. The defaults stay 40, 60, 60, 51 and 60 days. ' +
      'New fertilization records use your days to fill in the pregnancy-check date automatically.',
    daysAgo: 78,
  },
  {
    title: 'Cow types: group your herd and see the cost per group',
    body:
      'Create cow types such as breeding cows, fattening steers or heifers, and move cows between them from ' +
      'the cow list. Each type has a cost per cow, charged from your wallet when cows are moved into it; the ' +
      'wallet page lists every charge, so you always know what you pay for.',
    daysAgo: 112,
  },
];
