/** SPEC §2 "Home shortcut tiles": image, title key and link, in this order. */
export interface HomeTile {
  image: string;
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
    { image: '/assets/tiles/all-courses.svg', titleKey: 'nav-titles:courses_all', link: '/courses/all' },
    { image: '/assets/tiles/material-library.svg', titleKey: 'nav-titles:courses_material', link: '/courses/material' },
    { image: '/assets/tiles/offline-courses.svg', titleKey: 'nav-titles:offline', link: '/offline', ...(features.offlineCourse ? {} : { disabled: true }) },
  ];
  if (features.learningMap) tiles.push({ image: '/assets/tiles/learning-map.svg', titleKey: 'nav-titles:learning_map', link: '/learning-map' });
  if (features.mockExam) tiles.push({ image: '/assets/tiles/mock-exam.svg', titleKey: 'nav-titles:mockexam', link: '/mockexam' });
  return tiles;
}
