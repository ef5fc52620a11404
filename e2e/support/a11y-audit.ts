import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The WCAG 2.2 AA rule set of axe-core. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Violation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Waits until no finite animation or transition is part-way through (a toast fading out, a panel
 * sliding in), so colour contrast is measured on what a person sees at rest rather than on a
 * frame of a fade. Animations still in their delay (a toast before it starts to fade) count as
 * at rest, so a shown toast is checked too; endless ones (a looping hero) are left alone.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      if (!timing || timing.iterations === Number.POSITIVE_INFINITY) return true;
      if (animation.playState !== 'running') return true;
      return timing.progress === null || timing.progress === 0 || timing.progress === 1;
    }),
  );
}

/**
 * Every WCAG 2.2 AA violation axe finds on the page as it is now, of any impact; and, of axe's
 * best-practice rules (advice beyond WCAG), those it rates serious or critical.
 */
export async function wcagViolations(page: Page): Promise<Violation[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags([...wcagTags, 'best-practice']).analyze();
  return results.violations
    .filter(
      (violation) =>
        violation.tags.some((tag) => wcagTags.includes(tag)) ||
        violation.impact === 'serious' ||
        violation.impact === 'critical',
    )
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

export interface Headings {
  title: string;
  /** The text of every level-1 heading (<h1>, or role heading with aria-level 1). */
  h1: string[];
}

export async function headings(page: Page): Promise<Headings> {
  return page.evaluate(() => ({
    title: document.title.trim(),
    h1: [...document.querySelectorAll('h1, [role="heading"][aria-level="1"]')].map((element) =>
      (element.textContent ?? '').trim().replace(/\s+/g, ' '),
    ),
  }));
}

export interface Reflow {
  viewport: string;
  innerWidth: number;
  scrollWidth: number;
  /** Content cut off at the left or right edge (not inside a scroller of its own). */
  clipped: string[];
}

/**
 * Whether the page reflows at its current viewport: no sideways scrolling of the page, and no
 * text, link, control or image cut off at the left or right edge. Content inside an element
 * that scrolls sideways on its own (a data table in `overflow-x: auto`) is allowed, as WCAG
 * 1.4.10 allows it; visually hidden text (sr-only) is not content anyone sees.
 */
export async function reflow(page: Page): Promise<Reflow> {
  const size = page.viewportSize();
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const clipped: string[] = [];
    const scrollsOnItsOwn = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) return false;
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const hidden = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') return true;
        // sr-only: a 1 px box clipped away.
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') {
          return true;
        }
        if (node.tagName === 'DETAILS' && !(node as HTMLDetailsElement).open && node !== element) {
          // Closed <details>: only its summary shows.
          if (!element.closest('summary')) return true;
        }
      }
      return false;
    };
    const candidates = document.querySelectorAll(
      'body a, body button, body input, body select, body textarea, body img, body svg, body p, body h1, body h2, body h3, body h4, body li, body label, body span, body td, body th',
    );
    for (const element of candidates) {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (scrollsOnItsOwn(element) || hidden(element)) continue;
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`;
      clipped.push(`${name} "${text}" [${Math.round(box.left)}…${Math.round(box.right)}]`);
    }
    return {
      innerWidth: width,
      scrollWidth: document.documentElement.scrollWidth,
      clipped: clipped.slice(0, 8),
    };
  });
  return { viewport: `${size?.width}x${size?.height}`, ...found };
}

/** One checked view: a route in a state (signed out, member, admin; a dialog open...). */
export interface ScanRecord {
  /** The route pattern of apps/web/app/routes.ts this page answers (`/blog/:id`). */
  route: string;
  url: string;
  /** Who looks and what is open: 'signed out', 'member: donate dialog open'. */
  state: string;
  title: string;
  h1: string[];
  violations: Violation[];
}

export interface ReflowRecord extends Reflow {
  route: string;
  url: string;
}

/**
 * What the checks of one test found, for `bench/accessibility.mjs` to total up: written to
 * test-results/accessibility-figures/ (the folder Playwright clears before every run).
 */
export class A11yLedger {
  scans: ScanRecord[] = [];
  reflows: ReflowRecord[] = [];

  constructor(private readonly name: string) {}

  /**
   * axe (WCAG 2.2 AA), one <h1>, a title: on the page as it is now. Soft assertions, so one run
   * names every page with a problem.
   */
  async scan(page: Page, route: string, state: string, options: { h1?: boolean } = {}) {
    const [violations, found] = await Promise.all([wcagViolations(page), headings(page)]);
    const url = new URL(page.url());
    const record: ScanRecord = {
      route,
      url: `${url.pathname}${url.search}`,
      state,
      title: found.title,
      h1: found.h1,
      violations,
    };
    this.scans.push(record);
    const where = `${record.url} (${state})`;
    expect.soft(violations, `axe WCAG 2.2 AA violations on ${where}`).toEqual([]);
    expect.soft(found.title, `the <title> of ${where}`).not.toBe('');
    if (options.h1 !== false) {
      expect.soft(found.h1, `exactly one <h1> on ${where}`).toHaveLength(1);
    }
    return record;
  }

  /** No sideways scrolling and nothing cut off, at the page's current viewport. */
  async reflow(page: Page, route: string) {
    const found = await reflow(page);
    const url = new URL(page.url());
    this.reflows.push({ route, url: `${url.pathname}${url.search}`, ...found });
    const where = `${url.pathname} at ${found.viewport}`;
    expect
      .soft(found.scrollWidth, `${where} scrolls sideways: ${found.clipped.join('; ')}`)
      .toBeLessThanOrEqual(found.innerWidth);
    expect.soft(found.clipped, `content cut off on ${where}`).toEqual([]);
  }

  write(testInfo: TestInfo) {
    const dir = path.join(testInfo.project.outputDir, 'accessibility-figures');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `${this.name}.json`),
      JSON.stringify({ name: this.name, scans: this.scans, reflows: this.reflows }, null, 1),
    );
  }
}

/**
 * The same title may only be shared by the aliases that are one page (`/terms` and
 * `/terms-and-condition`): any other two routes with one title are reported.
 */
export function titleClashes(
  scans: Pick<ScanRecord, 'route' | 'title'>[],
  aliases: string[][],
): string[] {
  const canonical = (route: string) => aliases.find((group) => group.includes(route))?.[0] ?? route;
  const routesOf = new Map<string, Set<string>>();
  for (const scan of scans) {
    const routes = routesOf.get(scan.title) ?? new Set<string>();
    routes.add(canonical(scan.route));
    routesOf.set(scan.title, routes);
  }
  return [...routesOf]
    .filter(([, routes]) => routes.size > 1)
    .map(([title, routes]) => `"${title}": ${[...routes].join(', ')}`);
}
