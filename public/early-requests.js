// ADR 043: the signed-in layout waits for GET /api/users/current. The app's entry (75 KB) would ask
// for it only once it has arrived and run; this small script, named in index.html before the entry
// (both deferred: it runs first), asks at once with the same headers as the app's http layer
// (src/api/http.ts), and src/api/early-requests.ts hands the answer to the app's own call. Plain
// JavaScript, no imports: it must stay tiny. Anything unexpected and it asks for nothing; the app
// then asks as it always did.
(function () {
  try {
    var token = sessionStorage.getItem('student-token');
    var clientId = sessionStorage.getItem('client-id');
    // The pages outside the signed-in layout (src/routes/router.tsx) do not load the current user.
    if (!token || !clientId || /^\/(login|forgot-password|reset-password|merge\/verify|logout|disclaimer|not-found)\/?$/.test(location.pathname)) return;
    var stored = localStorage.getItem('lang');
    var lang = stored === 'zh' || stored === 'cn' ? stored : 'en';
    var controller = new AbortController();
    var response = fetch(location.origin + '/api/users/current', {
      headers: {
        Accept: 'application/json, text/plain, */*',
        'X-App-Language': lang === 'zh' ? 'zh-HK' : lang === 'cn' ? 'zh-CN' : 'en',
        'X-Client-Id': clientId,
        Authorization: 'Bearer ' + token,
        'X-App-Id': 'agent-academy',
        'X-Client-Platform': 'studentweb',
      },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    // Never an unhandled rejection: the app reads the answer, or asks again.
    response.catch(function () {});
    window.__earlyRequests = [{ path: 'users/current', lang: lang, token: token, response: response, controller: controller }];
  } catch {
    // Storage or fetch unavailable: the app asks by itself.
  }
})();
