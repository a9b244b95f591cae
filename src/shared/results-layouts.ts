/**
 * How each form's results are arranged (spec §2 "Results"): data for the one results component. Apart from
 * tools.ts so that pages carry it only once results are shown (the results' code loads on the first lookup).
 */
export type ResultsLayout = 'home' | 'video' | 'photo' | 'story' | 'reels' | 'single' | 'profile';

/** How a results layout arranges the media items (spec §2 "Results"). */
export interface ResultsLayoutSpec {
  /** Grid columns: two from small screens up, or one to three growing with the width. */
  columns: 'two' | 'oneToThree';
  /** With exactly 3 items the first cell spans two columns. */
  wideFirstOfThree: boolean;
  /** A single result is shown as one large item instead of a grid cell. */
  singleLarge: boolean;
  /** The author card is labelled 'Original Post'. */
  originalPostCard: boolean;
  /** Videos carry a play icon. */
  playIcon: boolean;
  /** Images show their pixel size. */
  pixelSize: boolean;
}

export const RESULTS_LAYOUTS: Readonly<Record<ResultsLayout, ResultsLayoutSpec>> = {
  home: { columns: 'two', wideFirstOfThree: true, singleLarge: false, originalPostCard: false, playIcon: false, pixelSize: false },
  video: { columns: 'oneToThree', wideFirstOfThree: true, singleLarge: false, originalPostCard: false, playIcon: false, pixelSize: false },
  photo: { columns: 'two', wideFirstOfThree: false, singleLarge: false, originalPostCard: false, playIcon: false, pixelSize: false },
  story: { columns: 'two', wideFirstOfThree: false, singleLarge: false, originalPostCard: false, playIcon: false, pixelSize: false },
  reels: { columns: 'two', wideFirstOfThree: false, singleLarge: true, originalPostCard: true, playIcon: true, pixelSize: false },
  single: { columns: 'two', wideFirstOfThree: false, singleLarge: true, originalPostCard: false, playIcon: false, pixelSize: false },
  profile: { columns: 'two', wideFirstOfThree: false, singleLarge: true, originalPostCard: false, playIcon: false, pixelSize: true },
};
