import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Where focus is and whether a sighted keyboard user can see it. */
export interface FocusStop {
  /** The focused element, briefly: tag, id, name. */
  element: string;
  /** It (or, for a visually hidden radio or file input, what draws it) has an outline or ring. */
  indicated: boolean;
  /** Some of it is on screen and not covered by something else (a sticky bar, a banner). */
  unobscured: boolean;
  /** The style that showed it (outline or ring), for the record. */
  style: string;
  /** When obscured: what is on top of it, or that it is outside the window. */
  coveredBy: string;
}

/**
 * Reads the focused element's computed style. A focus indicator is an outline at least 2 px
 * wide in a colour that is not transparent, or a ring (a box-shadow with no offset and no blur
 * but a spread: how focus rings are drawn); a drop shadow does not count. A control that is
 * visually hidden (a radio drawn by its label, a file input under a button) is shown by what
 * draws it: its label, its next sibling or its parent.
 */
export async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(async () => {
    const focused = document.activeElement;
    // Focus scrolls the element into view smoothly (scroll-behavior: smooth): wait until it
    // stands still before looking where it is.
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = '';
    let still = 0;
    for (let waited = 0; waited < 90 && still < 3; waited++) {
      await frame();
      const box = focused?.getBoundingClientRect();
      const now = `${window.scrollX},${window.scrollY},${box?.top},${box?.left}`;
      still = now === last ? still + 1 : 0;
      last = now;
    }
    if (!focused || focused === document.body || focused === document.documentElement) {
      return {
        element: 'nothing (the page itself)',
        indicated: false,
        unobscured: false,
        style: '',
        coveredBy: '',
      };
    }
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        '';
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    const opaque = (colour: string) => {
      if (colour === 'transparent') return false;
      const alpha = /rgba?\([^)]*,\s*([\d.]+)\)$/.exec(colour)?.[1];
      return !colour.startsWith('rgba') || alpha === undefined || Number(alpha) > 0;
    };
    const indicator = (element: Element): string => {
      const style = getComputedStyle(element);
      if (
        style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) >= 2 &&
        opaque(style.outlineColor)
      ) {
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      }
      for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
        const ring = /(rgba?\([^)]*\))\s+0px\s+0px\s+0px\s+([\d.]+)px/.exec(shadow.trim());
        if (ring?.[1] && ring[2] && Number(ring[2]) >= 1 && opaque(ring[1])) {
          return `ring ${ring[2]}px ${ring[1]}`;
        }
      }
      return '';
    };
    const box = focused.getBoundingClientRect();
    const own = getComputedStyle(focused);
    const visuallyHidden =
      box.width <= 2 ||
      box.height <= 2 ||
      own.opacity === '0' ||
      own.clipPath === 'inset(50%)' ||
      own.clip === 'rect(0px, 0px, 0px, 0px)';
    // A card draws the focus of its link on the whole card (`has-[a:focus-visible]:ring`): up
    // to five ancestors may show it, with an outline or a ring of 2 px or more (a 1 px ring is
    // a border, there all the time).
    const ancestors: Element[] = [];
    for (
      let parent = focused.parentElement;
      parent && ancestors.length < 5 && parent !== document.body;
      parent = parent.parentElement
    ) {
      ancestors.push(parent);
    }
    const drawers = [
      ...(visuallyHidden
        ? [
            (focused as HTMLInputElement).labels?.[0],
            focused.closest('label'),
            focused.nextElementSibling,
          ]
        : [focused]),
      ...ancestors,
    ].filter((element): element is Element => Boolean(element));
    let style = '';
    let drawer: Element = focused;
    for (const candidate of drawers) {
      const shown = indicator(candidate);
      const own = candidate === focused || !ancestors.includes(candidate);
      if (shown && (own || !/^ring 1(\.\d+)?px/.test(shown))) {
        style = candidate === focused ? shown : `${shown} on ${candidate.tagName.toLowerCase()}`;
        drawer = candidate;
        break;
      }
    }
    // Not obscured: one of five points of it is inside the window and hits it (or its label).
    const rect = drawer.getBoundingClientRect();
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + 2, rect.top + 2],
      [rect.right - 2, rect.top + 2],
      [rect.left + 2, rect.bottom - 2],
      [rect.right - 2, rect.bottom - 2],
    ];
    let coveredBy = 'outside the window';
    const unobscured = points.some(([x = 0, y = 0]) => {
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      const mine = Boolean(
        hit && (drawer.contains(hit) || focused.contains(hit) || hit.contains(drawer)),
      );
      if (!mine && hit) {
        const cover = hit.closest('header, footer, section, aside, dialog, [role]') ?? hit;
        coveredBy = `under ${describe(cover)}`;
      }
      return mine;
    });
    return {
      element: describe(focused),
      indicated: style !== '',
      unobscured,
      style,
      coveredBy: unobscured ? '' : coveredBy,
    };
  });
}

/**
 * Keyboard-only use of one journey: every Tab stop is checked (visible focus, not obscured) and
 * counted; the count and any stop without visible focus are written for the figures.
 */
export class KeyboardJourney {
  stops = 0;
  problems: string[] = [];

  constructor(
    private readonly page: Page,
    readonly name: string,
  ) {}

  /** The focused element shows its focus and is not hidden behind anything. */
  async expectFocusVisible() {
    const stop = await focusStop(this.page);
    this.stops += 1;
    if (!stop.indicated) this.problems.push(`no visible focus on ${stop.element}`);
    else if (!stop.unobscured) this.problems.push(`${stop.element} hidden: ${stop.coveredBy}`);
    const where = new URL(this.page.url()).pathname;
    expect
      .soft(stop.indicated, `a visible focus indicator on ${stop.element} (${where})`)
      .toBe(true);
    expect
      .soft(stop.unobscured, `${stop.element} on screen, not covered (${where}): ${stop.coveredBy}`)
      .toBe(true);
    return stop;
  }

  /**
   * Tab (or Shift+Tab) until `target` has the focus, checking every stop on the way. Fails
   * after `max` presses: then the keyboard cannot reach it.
   */
  async tabTo(target: Locator, options: { back?: boolean; max?: number } = {}) {
    const key = options.back ? 'Shift+Tab' : 'Tab';
    const max = options.max ?? 80;
    await expect(target).toBeAttached();
    for (let press = 0; press < max; press++) {
      await this.page.keyboard.press(key);
      const reached = await target.evaluate((element) => element === document.activeElement);
      await this.expectFocusVisible();
      if (reached) return;
    }
    throw new Error(`${key} ×${max} never reached ${target}`);
  }

  /**
   * Tab through the whole page from the top, checking every stop, until the focus leaves the
   * page (after its last element). Answers the number of stops.
   */
  async tabThroughPage(max = 250): Promise<number> {
    for (let press = 1; press <= max; press++) {
      await this.page.keyboard.press('Tab');
      const left = await this.page.evaluate(
        () => !document.activeElement || document.activeElement === document.body,
      );
      if (left) return press - 1;
      await this.expectFocusVisible();
    }
    throw new Error(`Tab ×${max} never left the page`);
  }

  /** Press a key on what has the focus (Enter, Space, arrows, Escape), then check the focus. */
  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  /** The skip link is the first stop; following it moves the focus to <main>. */
  async skipToMain() {
    await this.page.keyboard.press('Tab');
    const skip = this.page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await this.expectFocusVisible();
    await this.page.keyboard.press('Enter');
    await expect(this.page.locator('main')).toBeFocused();
  }

  write(testInfo: TestInfo) {
    const dir = path.join(testInfo.project.outputDir, 'accessibility-figures');
    fs.mkdirSync(dir, { recursive: true });
    const slug = this.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    fs.writeFileSync(
      path.join(dir, `keyboard-${slug}.json`),
      JSON.stringify({
        journey: this.name,
        stops: this.stops,
        problems: this.problems,
      }),
    );
  }
}
