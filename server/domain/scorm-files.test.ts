import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { packageFiles } from '../../scripts/build-scorm-demo.mjs';
import { manifestLaunch, scormFileOf } from './scorm-files';

// ADR 029: a package serves only the files listed at its installation, and its manifest names the SCO.

const files = [
  { path: 'index.html', contentType: 'text/html' },
  { path: 'js/sco.js', contentType: 'text/javascript' },
];

describe('scormFileOf', () => {
  it('answers a listed file, also percent-encoded', () => {
    expect(scormFileOf(files, 'index.html')).toEqual(files[0]);
    expect(scormFileOf(files, 'js%2Fsco.js')).toEqual(files[1]);
  });

  it.each(['', 'missing.html', '../index.html', 'js/../index.html', '%2e%2e/index.html', '/index.html', 'js//sco.js', 'js\\sco.js', './index.html', 'index.html%00', '%E0%A4%A'])(
    'refuses %j',
    (requested) => {
      expect(scormFileOf(files, requested)).toBeUndefined();
    },
  );
});

describe('manifestLaunch', () => {
  it("reads the demo package's version and launch file", () => {
    expect(manifestLaunch((packageFiles() as Record<string, string>)['imsmanifest.xml'])).toEqual({ version: '1.2', launchFile: 'index.html' });
  });

  it('takes a SCORM 2004 SCO and skips assets', () => {
    const xml = `<manifest><metadata><schemaversion>2004 4th Edition</schemaversion></metadata><resources>
      <resource identifier="a" type="webcontent" adlcp:scormType="asset" href="intro.html"/>
      <resource identifier="b" type="webcontent" adlcp:scormType="sco" href="run/start.html"/></resources></manifest>`;
    expect(manifestLaunch(xml)).toEqual({ version: '2004', launchFile: 'run/start.html' });
  });

  it('answers undefined without a SCO', () => {
    expect(manifestLaunch('<manifest><resources><resource scormtype="asset" href="a.html"/></resources></manifest>')).toBeUndefined();
  });
});
