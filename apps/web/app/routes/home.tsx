import { brand } from '@ipatient/contracts';

export function meta() {
  return [{ title: brand.siteName }];
}

export default function Home() {
  return (
    <main>
      <h1>{brand.siteName}</h1>
    </main>
  );
}
