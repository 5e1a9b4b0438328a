import { afterEach, describe, expect, it, vi } from 'vitest';
import { hlsRequestHeaders, rewritePlaylist, streamUrls } from './attachments-stream';
import { http } from './http';
import { stubFetch, tokenFor } from './test-helpers';
import { getClientId, setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());

// As ffmpeg writes it (-hls_key_info_file, -hls_playlist_type vod).
const stored = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:2',
  '#EXT-X-MEDIA-SEQUENCE:0',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-KEY:METHOD=AES-128,URI="enc.key",IV=0x000102030405060708090a0b0c0d0e0f',
  '#EXTINF:2.000000,',
  'seg000.ts',
  '#EXTINF:2.000000,',
  'seg001.ts',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

const urls = streamUrls('9', 'http://127.0.0.1:8080');

describe('rewritePlaylist', () => {
  it('builds the endpoints of the rendition', () => {
    expect(urls).toEqual({
      keyUrl: 'http://127.0.0.1:8080/api/attachments/9/stream_key',
      segmentBase: 'http://127.0.0.1:8080/api/attachments/9/stream?uri=',
    });
  });

  it('points the key at the authorised endpoint, keeping method and IV', () => {
    const out = rewritePlaylist(stored, urls).split('\n');
    expect(out[5]).toBe('#EXT-X-KEY:METHOD=AES-128,URI="http://127.0.0.1:8080/api/attachments/9/stream_key",IV=0x000102030405060708090a0b0c0d0e0f');
  });

  it('makes every segment absolute and leaves comments and other tags alone', () => {
    const out = rewritePlaylist(stored, urls).split('\n');
    expect(out[7]).toBe('http://127.0.0.1:8080/api/attachments/9/stream?uri=seg000.ts');
    expect(out[9]).toBe('http://127.0.0.1:8080/api/attachments/9/stream?uri=seg001.ts');
    const untouched = [0, 1, 2, 3, 4, 6, 8, 10, 11];
    const input = stored.split('\n');
    for (const i of untouched) expect(out[i]).toBe(input[i]);
  });

  it('handles CRLF, a key rotation, an init segment, encoded names and absolute URLs', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="init 0.mp4"',
      '#EXT-X-KEY:METHOD=AES-128,URI="k1.key"',
      '#EXTINF:2,',
      'a b.ts',
      '#EXT-X-KEY:METHOD=AES-128,URI="k2.key",IV=0x01',
      '#EXTINF:2,',
      'https://cdn.example/seg.ts',
      '#EXT-X-KEY:METHOD=NONE',
    ].join('\r\n');
    expect(rewritePlaylist(text, urls).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-MAP:URI="http://127.0.0.1:8080/api/attachments/9/stream?uri=init%200.mp4"',
      '#EXT-X-KEY:METHOD=AES-128,URI="http://127.0.0.1:8080/api/attachments/9/stream_key"',
      '#EXTINF:2,',
      'http://127.0.0.1:8080/api/attachments/9/stream?uri=a%20b.ts',
      '#EXT-X-KEY:METHOD=AES-128,URI="http://127.0.0.1:8080/api/attachments/9/stream_key",IV=0x01',
      '#EXTINF:2,',
      'https://cdn.example/seg.ts',
      '#EXT-X-KEY:METHOD=NONE',
    ]);
  });
});

describe('hlsRequestHeaders', () => {
  it('are the headers ky sends on an API call', async () => {
    setToken(tokenFor('1'));
    localStorage.setItem('lang', 'zh');
    const net = stubFetch(() => new Response('{}', { status: 200 }));
    await http.get('users/current');
    const sent = Object.fromEntries([...net.last().headers].filter(([name]) => name !== 'accept'));
    const ours = Object.fromEntries(Object.entries(hlsRequestHeaders()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(ours).toEqual(sent);
    expect(ours).toMatchObject({ authorization: expect.stringMatching(/^Bearer /), 'x-app-language': 'zh-HK', 'x-client-id': getClientId() });
  });

  it('without a token carry only language and client id', () => {
    expect(Object.keys(hlsRequestHeaders()).sort()).toEqual(['X-App-Language', 'X-Client-Id']);
  });
});
