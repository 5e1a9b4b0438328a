import { catalogueRoute } from '../courses/courses.route';

/** /search?q=: the course search, a catalogue list that needs words. */
export default catalogueRoute('search');
