import type { AttachmentDetail } from '../../api/schemas/attachments.schema';

// Attachment details for tests and stories (never imported by app code).

export const pdfDetail: AttachmentDetail = {
  id: '7',
  name: 'Product guide',
  type: 'pdf',
  size: 2048,
  language: 'en',
  media_duration: 0,
  page_count: 3,
  completed: false,
  course_id: '1',
  encrypted: true,
  key: 'a2V5',
  integrity: { algorithm: 'HMAC-SHA256', key: 'bWFj', digest: 'ZGln' },
  stream: null,
  completed_pages: 0,
  duration: 0,
  likes: 3,
  liked: false,
  criteria: false,
  skip_allowed: false,
};

export const videoDetail: AttachmentDetail = {
  ...pdfDetail,
  id: '8',
  name: 'Needs-based selling',
  type: 'mp4',
  size: 1_500_000,
  media_duration: 4,
  page_count: 0,
  criteria: true,
};

export const streamDetail: AttachmentDetail = { ...videoDetail, id: '9', stream: { playlist: 'index.m3u8' } };

export const audioDetail: AttachmentDetail = { ...videoDetail, id: '10', name: 'Client call', type: 'mp3', criteria: false, skip_allowed: true };

export const imageDetail: AttachmentDetail = { ...pdfDetail, id: '11', name: 'Org chart', type: 'png', page_count: 0 };

export const documentDetail: AttachmentDetail = {
  ...pdfDetail,
  id: '12',
  name: 'Fact find form',
  type: 'docx',
  page_count: 0,
  encrypted: false,
  key: null,
  integrity: null,
};
