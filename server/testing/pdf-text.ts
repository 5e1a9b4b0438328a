// Issue 45 (ADR 085): the text of a PDF the server made, for tests that check what it says. pdfjs's
// legacy build runs in Node without a canvas; Node 20 lacks Promise.withResolvers, which pdfjs 6 uses.

if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

/** Every page's text, pages joined by a blank line, each text run on its own line. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((s) => s !== '').join('\n'));
  }
  await task.destroy();
  return pages.join('\n\n');
}
