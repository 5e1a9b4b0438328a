import { useEffect, useId, useRef, useState } from 'react';

// The picture of a state diagram, drawn by Mermaid from the page's source (ADR 095). Mermaid is a
// few megabytes for designers and auditors only: it is imported when a diagram story is shown,
// so Storybook's build keeps it in chunks of its own and the app never imports this file
// (src/ui/testing/machine-diagram.test.tsx checks that no other file imports Mermaid).
export function MermaidPicture({ source }: { source: string }) {
  const picture = useRef<HTMLDivElement>(null);
  const id = `mermaid-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [problem, setProblem] = useState('');
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let current = true;
    setDrawn(false);
    setProblem('');
    import('mermaid')
      .then(async ({ default: mermaid }) => {
        // strict: labels are text, never HTML or script, and the SVG is sanitised before it is shown.
        // dagre, not Mermaid 12's default ELK: ELK refuses an edge into another level of nesting
        // (on-screen-time's), and dagre is the layout GitHub draws the same pages with.
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral', layout: 'dagre' });
        const { svg } = await mermaid.render(id, source);
        if (!current || !picture.current) return;
        picture.current.innerHTML = svg;
        setDrawn(true);
      })
      .catch((error: unknown) => {
        if (current) setProblem(error instanceof Error ? error.message : String(error));
      });
    return () => {
      current = false;
    };
  }, [id, source]);

  return (
    <figure style={{ margin: '0 0 24px', overflow: 'auto' }} data-testid="mermaid-picture" aria-busy={!drawn && !problem}>
      {!drawn && !problem && <p>Drawing the diagram…</p>}
      {problem && <p role="alert">Mermaid could not draw this diagram: {problem}</p>}
      <div ref={picture} />
    </figure>
  );
}
