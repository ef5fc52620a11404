/**
 * The about-us document is one HTML block written by admins. A second-level heading
 * "What we do" splits it: what comes before is 'Our Story', what follows is 'What we do'.
 */
export function splitAboutUs(html: string): { story: string; whatWeDo: string | null } {
  const match = /<h2[^>]*>\s*What we do\s*<\/h2>/i.exec(html);
  if (!match) return { story: html.trim(), whatWeDo: null };
  const whatWeDo = html.slice(match.index + match[0].length).trim();
  return { story: html.slice(0, match.index).trim(), whatWeDo: whatWeDo || null };
}
