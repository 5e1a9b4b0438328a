#!/usr/bin/env node
// Builds the demo SCORM 1.2 package (issue 13, ADR 029): an imsmanifest.xml and one SCO (an HTML
// page, its script and its style; no inline script, so the app's CSP `script-src 'self'` holds)
// that records a location (the page shown), suspend_data (the pages seen and a note) and a score
// (a one-question check) through the SCORM 1.2 API it finds in its opener (window.opener.API).
// The output is committed (server/db/fixtures/scorm/demo-12/); the seed installs it.
//
//   node scripts/build-scorm-demo.mjs            write the package
//   node scripts/build-scorm-demo.mjs --check    exit 1 when the committed files differ
//   node scripts/build-scorm-demo.mjs --out DIR  write under DIR instead
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_OUT = path.join(repo, 'server/db/fixtures/scorm/demo-12');

export const PACKAGE_ID = 'demo-12';
export const LAUNCH_FILE = 'index.html';

const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="agent-academy-${PACKAGE_ID}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>Agent Academy SCORM demo</title>
      <item identifier="item-1" identifierref="res-1" isvisible="true">
        <title>Three pages and a check</title>
        <adlcp:masteryscore>50</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="webcontent" adlcp:scormtype="sco" href="${LAUNCH_FILE}">
      <file href="${LAUNCH_FILE}"/>
      <file href="sco.js"/>
      <file href="sco.css"/>
    </resource>
  </resources>
</manifest>
`;

const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>SCORM demo</title>
  <link rel="stylesheet" href="sco.css">
  <script src="sco.js" defer></script>
</head>
<body>
  <main>
    <p id="status" role="status" data-testid="sco-status"></p>
    <h1 id="title" data-testid="sco-title"></h1>
    <p id="body"></p>
    <section id="check" hidden>
      <fieldset>
        <legend id="question"></legend>
        <label><input type="radio" name="answer" value="a" data-testid="sco-answer-a"> <span id="answer-a"></span></label>
        <label><input type="radio" name="answer" value="b" data-testid="sco-answer-b"> <span id="answer-b"></span></label>
      </fieldset>
      <p id="score" data-testid="sco-score"></p>
    </section>
    <label id="note-label" for="note"></label>
    <textarea id="note" rows="3" data-testid="sco-note"></textarea>
    <nav>
      <button type="button" id="prev" data-testid="sco-prev"></button>
      <span id="page" data-testid="sco-page"></span>
      <button type="button" id="next" data-testid="sco-next"></button>
    </nav>
  </main>
</body>
</html>
`;

const css = `body { font-family: system-ui, sans-serif; margin: 0; color: #1f2328; background: #fff; }
main { max-width: 40rem; margin: 0 auto; padding: 1.5rem; }
nav { display: flex; gap: 1rem; align-items: center; margin-top: 1.5rem; }
button { min-width: 44px; min-height: 44px; padding: 0 1rem; font: inherit; }
textarea { display: block; width: 100%; font: inherit; }
#status { color: #57606a; font-size: 0.875rem; }
`;

// The SCO. Plain ES2019, no build step: the package must run as it is stored.
const script = `'use strict';
(function () {
  var TEXT = {
    en: {
      pages: [
        ['Welcome', 'This short module has three pages. Your place and your note are kept when you close the window.'],
        ['Needs analysis', 'Ask about the client\\'s goals, income, dependants and existing cover before you recommend a product.'],
        ['Check', 'Answer the question to record a score.'],
      ],
      question: 'What comes before a recommendation?',
      a: 'A needs analysis', b: 'The premium quote',
      note: 'Your note', prev: 'Back', next: 'Next', page: 'Page {n} of 3',
      score: 'Score: {s} / 100', noApi: 'No learning system found: nothing is saved.', resumed: 'Resumed where you left off.',
    },
    cn: {
      pages: [
        ['欢迎', '本单元共三页。关闭窗口时，您的位置和笔记会被保存。'],
        ['需求分析', '在推荐产品之前，先了解客户的目标、收入、受养人和现有保障。'],
        ['测验', '回答问题以记录分数。'],
      ],
      question: '推荐产品之前应先做什么？',
      a: '需求分析', b: '报价',
      note: '您的笔记', prev: '上一页', next: '下一页', page: '第 {n} 页，共 3 页',
      score: '分数：{s} / 100', noApi: '找不到学习系统：不会保存任何内容。', resumed: '已从上次离开的地方继续。',
    },
    zh: {
      pages: [
        ['歡迎', '本單元共三頁。關閉視窗時，您的位置和筆記會被保存。'],
        ['需要分析', '在推薦產品之前，先了解客戶的目標、收入、受養人和現有保障。'],
        ['測驗', '回答問題以記錄分數。'],
      ],
      question: '推薦產品之前應先做甚麼？',
      a: '需要分析', b: '報價',
      note: '您的筆記', prev: '上一頁', next: '下一頁', page: '第 {n} 頁，共 3 頁',
      score: '分數：{s} / 100', noApi: '找不到學習系統：不會保存任何內容。', resumed: '已從上次離開的地方繼續。',
    },
  };
  var lang = new URLSearchParams(location.search).get('lang');
  var t = TEXT[lang] || TEXT.en;
  document.documentElement.lang = lang === 'cn' ? 'zh-Hans' : lang === 'zh' ? 'zh-Hant' : 'en';

  // The SCORM 1.2 discovery algorithm: this window's parents, then the opener and its parents.
  function findIn(win) {
    for (var hops = 0; win && hops < 10; hops += 1) {
      try { if (win.API) return win.API; } catch { return null; }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findIn(window) || (window.opener ? findIn(window.opener) : null);

  var state = { page: 1, seen: [1], note: '', answer: null };
  var finished = false;

  function get(name) { return api ? String(api.LMSGetValue(name)) : ''; }
  function set(name, value) { if (api) api.LMSSetValue(name, String(value)); }
  function save() {
    set('cmi.core.lesson_location', state.page);
    set('cmi.suspend_data', JSON.stringify({ seen: state.seen, note: state.note, answer: state.answer }));
    if (api) api.LMSCommit('');
  }
  function finish() {
    if (finished || !api) return;
    finished = true;
    set('cmi.core.exit', 'suspend');
    save();
    api.LMSFinish('');
  }

  if (api && api.LMSInitialize('') === 'true') {
    var resumed = false;
    try {
      var saved = JSON.parse(get('cmi.suspend_data') || '{}');
      if (Array.isArray(saved.seen)) { state.seen = saved.seen.filter(function (n) { return n >= 1 && n <= 3; }); resumed = true; }
      if (typeof saved.note === 'string') state.note = saved.note;
      if (saved.answer === 'a' || saved.answer === 'b') state.answer = saved.answer;
    } catch { /* no or damaged suspend_data: start afresh */ }
    var at = Number(get('cmi.core.lesson_location'));
    if (at >= 1 && at <= 3) { state.page = at; resumed = true; }
    if (get('cmi.core.lesson_status') === 'not attempted') set('cmi.core.lesson_status', 'incomplete');
    document.getElementById('status').textContent = resumed ? t.resumed : '';
  } else {
    api = null;
    document.getElementById('status').textContent = t.noApi;
  }

  function render() {
    var p = t.pages[state.page - 1];
    document.getElementById('title').textContent = p[0];
    document.getElementById('body').textContent = p[1];
    document.getElementById('page').textContent = t.page.replace('{n}', state.page);
    document.getElementById('prev').disabled = state.page === 1;
    document.getElementById('next').disabled = state.page === 3;
    document.getElementById('check').hidden = state.page !== 3;
    document.getElementById('score').textContent = state.answer ? t.score.replace('{s}', state.answer === 'a' ? 100 : 0) : '';
    document.querySelectorAll('input[name=answer]').forEach(function (input) { input.checked = input.value === state.answer; });
  }
  function go(page) {
    state.page = page;
    if (state.seen.indexOf(page) < 0) state.seen.push(page);
    render();
    save();
  }

  document.getElementById('question').textContent = t.question;
  document.getElementById('answer-a').textContent = t.a;
  document.getElementById('answer-b').textContent = t.b;
  document.getElementById('note-label').textContent = t.note;
  document.getElementById('prev').textContent = t.prev;
  document.getElementById('next').textContent = t.next;
  var note = document.getElementById('note');
  note.value = state.note;
  note.addEventListener('change', function () { state.note = note.value.slice(0, 1000); save(); });
  document.getElementById('prev').addEventListener('click', function () { go(state.page - 1); });
  document.getElementById('next').addEventListener('click', function () { go(state.page + 1); });
  document.querySelectorAll('input[name=answer]').forEach(function (input) {
    input.addEventListener('change', function () {
      state.answer = input.value;
      var score = input.value === 'a' ? 100 : 0;
      set('cmi.core.score.min', 0);
      set('cmi.core.score.max', 100);
      set('cmi.core.score.raw', score);
      set('cmi.core.lesson_status', score >= 50 ? 'passed' : 'failed');
      render();
      save();
    });
  });
  // The window's X: most browsers run pagehide; the opener finishes for the SCO when they do not (ADR 029).
  window.addEventListener('pagehide', finish);
  render();
  if (api) save();
})();
`;

/** Every file of the package: relative path → content. */
export function packageFiles() {
  return { 'imsmanifest.xml': manifest, [LAUNCH_FILE]: html, 'sco.js': script, 'sco.css': css };
}

function main(argv) {
  const outAt = argv.indexOf('--out');
  const out = outAt >= 0 ? path.resolve(argv[outAt + 1]) : DEFAULT_OUT;
  const files = packageFiles();
  if (argv.includes('--check')) {
    const stale = Object.entries(files).filter(
      ([name, text]) => !existsSync(path.join(out, name)) || readFileSync(path.join(out, name), 'utf8') !== text,
    );
    if (stale.length) {
      console.error(`SCORM demo package out of date: ${stale.map(([n]) => n).join(', ')} (run node scripts/build-scorm-demo.mjs)`);
      process.exit(1);
    }
    return;
  }
  mkdirSync(out, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(out, name), text);
  console.log(`SCORM 1.2 demo package written to ${path.relative(repo, out) || out}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
