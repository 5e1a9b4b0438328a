import type { HomeTileArtName } from './home-tile-art';

/** SPEC §2 "Home shortcut tiles": image, title key and link, in this order. */
export interface HomeTile {
  /** The tile's picture, drawn inline (home-tile-art.tsx). */
  art: HomeTileArtName;
  titleKey: string;
  link: string;
  /** Greyed and not clickable. */
  disabled?: boolean;
}

export interface HomeTileFeatures {
  offlineCourse: boolean;
  learningMap: boolean;
  mockExam: boolean;
}

/**
 * The tiles for the enabled features, with the course navigation bar's rules (SPEC §2, §6):
 * learning map and mock exam are hidden when off; offline courses stay, greyed, when off.
 */
export function homeTiles(features: HomeTileFeatures): HomeTile[] {
  const tiles: HomeTile[] = [
    { art: 'all-courses', titleKey: 'nav-titles:courses_all', link: '/courses/all' },
    { art: 'material-library', titleKey: 'nav-titles:courses_material', link: '/courses/material' },
    { art: 'offline-courses', titleKey: 'nav-titles:offline', link: '/offline', ...(features.offlineCourse ? {} : { disabled: true }) },
  ];
  if (features.learningMap) tiles.push({ art: 'learning-map', titleKey: 'nav-titles:learning_map', link: '/learning-map' });
  if (features.mockExam) tiles.push({ art: 'mock-exam', titleKey: 'nav-titles:mockexam', link: '/mockexam' });
  return tiles;
}
