// ADR 043: the signed-in layout waits for GET /api/users/current, and the first pages people open
// or reload wait for their data: a catalogue list its first page and the departments, a course
// page and a lesson the course (the lesson also the course's on-screen total). The app's entry
// (75 KB) would ask for them only once it has arrived and run; this small script, named in
// index.html before the entry (both deferred: it runs first), asks at once with the same headers as
// the app's http layer (src/api/http.ts), and src/api/early-requests.ts hands each answer to the
// app's own call. The requests are those the pages' loaders send (src/api/courses.early.ts, with
// src/routes/courses/list-params.ts: a list address without a query is page 1 of 12); the tests in
// early-requests.page.test.ts hold the two to the same requests. Plain JavaScript, no imports: it
// must stay tiny. Anything unexpected and it asks for nothing; the app then asks as it always did.
(function () {
  // The stylesheets written into the page (<style data-href>, ADR 053) get a disabled link of their
  // file, which Vite's preload helper finds, so a chunk that lists the sheet does not fetch it again.
  // Made here, not in the HTML: Debian's Chromium 150 fetched a disabled link it parsed (ADR 074).
  try {
    var inlined = document.querySelectorAll('style[data-href]');
    for (var i = 0; i < inlined.length; i++) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.disabled = true;
      link.href = inlined[i].getAttribute('data-href');
      inlined[i].after(link);
    }
  } catch {
    // Without the links the helper fetches the sheets once more; the page is styled all the same.
  }
  try {
    var token = sessionStorage.getItem('student-token');
    var clientId = sessionStorage.getItem('client-id');
    // Read first on every page: the browser opens this origin's local storage on its first use, a
    // wait of milliseconds that this script takes while the app's scripts are still downloading,
    // instead of the app at its start, just before the first page is drawn (ADR 068).
    var stored = localStorage.getItem('lang');
    // The pages outside the signed-in layout (src/routes/router.tsx) do not load the current user.
    if (!token || !clientId || /^\/(login|forgot-password|reset-password|merge\/verify|logout|disclaimer|not-found)\/?$/.test(location.pathname)) return;
    var lang = stored === 'zh' || stored === 'cn' ? stored : 'en';
    var headers = {
      Accept: 'application/json, text/plain, */*',
      'X-App-Language': lang === 'zh' ? 'zh-HK' : lang === 'cn' ? 'zh-CN' : 'en',
      'X-Client-Id': clientId,
      Authorization: 'Bearer ' + token,
      'X-App-Id': 'agent-academy',
      'X-Client-Platform': 'studentweb',
    };
    var wanted = [['users/current', '']];
    var list = /^\/courses\/(all|latest|ranking|recommended|mine)\/?$/.exec(location.pathname);
    if (list && !location.search) wanted.push([list[1] === 'all' ? 'courses' : 'courses/' + list[1], 'page=1&per_page=12'], ['courses/departments', '']);
    var learning = /^\/(course|lesson)\/(\d{1,15})(\/\d{1,15})?\/?$/.exec(location.pathname);
    if (learning && (learning[1] === 'lesson') === Boolean(learning[3])) {
      wanted.push(['courses/' + learning[2], '']);
      if (learning[1] === 'lesson') wanted.push(['on_screen_log/course/' + learning[2] + '/total', '']);
    }
    window.__earlyRequests = wanted.map(function (request) {
      var controller = new AbortController();
      var response = fetch(location.origin + '/api/' + request[0] + (request[1] ? '?' + request[1] : ''), { headers: headers, credentials: 'same-origin', signal: controller.signal });
      // Never an unhandled rejection: the app reads the answer, or asks again.
      response.catch(function () {});
      return { path: request[0], query: request[1], lang: lang, token: token, response: response, controller: controller };
    });
    // A list's first cover is its page's largest picture (the first card's, src/ui/courses/course-grid.tsx):
    // asked for as soon as the list has arrived, it is there when the app draws the card (ADR 048).
    // Read from a copy, before the app reads the answer; the default is DEFAULT_COVER_URL's.
    if (list)
      window.__earlyRequests[1].response
        .then(function (answer) {
          return answer.ok ? answer.clone().json() : null;
        })
        .then(function (page) {
          var first = page && page.data && page.data[0];
          if (!first) return;
          var cover = first.cover_url || '/assets/placeholder-cover.svg';
          if (typeof cover !== 'string' || !/^\/[\w./-]+$/.test(cover)) return;
          var link = document.createElement('link');
          link.setAttribute('rel', 'preload');
          link.setAttribute('as', 'image');
          link.setAttribute('href', cover);
          link.setAttribute('fetchpriority', 'high');
          document.head.appendChild(link);
        })
        .catch(function () {});
  } catch {
    // Storage or fetch unavailable: the app asks by itself.
  }
})();
