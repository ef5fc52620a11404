import type { ReactNode } from 'react';
import { preloadModule } from 'react-dom';
import { StaticPageContext } from './hydration.ts';
import { type IslandAssets, type IslandName, islandElementId, islandPropsId } from './islands.ts';

/** JSON that can sit inside a <script> element: no `</script>` or `<!--` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface IslandProps<P> {
  name: IslandName;
  /** The island's built files (`islandAssets(name)` in the loader); null: no script, plain HTML. */
  assets: IslandAssets | null;
  /** What the island's component is rendered with, in the page for the browser to hydrate with. */
  props: P;
  /** The island's component rendered with `props`, exactly as the browser will render it. */
  children: ReactNode;
}

/**
 * One interactive part of a static page (docs/decisions/010-interactive-islands.md). The server
 * renders the component in place; the island's own script (React DOM and the component, two
 * files, preloaded from the head) hydrates just this element with the same props.
 */
export function Island<P>({ name, assets, props, children }: IslandProps<P>) {
  if (assets) {
    for (const url of [assets.script, ...assets.imports]) preloadModule(url, { as: 'script' });
  }
  return (
    <>
      <div id={islandElementId(name)}>
        <StaticPageContext.Provider value={false}>{children}</StaticPageContext.Provider>
      </div>
      {assets ? (
        <>
          <script
            type="application/json"
            id={islandPropsId(name)}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element, never executed
            dangerouslySetInnerHTML={{ __html: scriptJson(props) }}
          />
          <script type="module" src={assets.script} />
        </>
      ) : null}
    </>
  );
}
