/** Button looks shared by <button>, <Link> and plain <a>, so every call to action looks alike. */
export type ButtonVariant = 'primary' | 'secondary' | 'light' | 'outline-light';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  light: 'bg-white text-brand-900 hover:bg-brand-50',
  'outline-light': 'border border-white/80 text-white hover:bg-white/10',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}
