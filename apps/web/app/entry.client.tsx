import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { KeepTyped, keepTypedAcrossHydration } from './lib/keep-typed.ts';

// Recording starts before React touches the page: what is typed while the scripts load and
// while hydration runs is given back once it is done (app/lib/keep-typed.ts).
const giveBack = keepTypedAcrossHydration(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <KeepTyped giveBack={giveBack}>
        <HydratedRouter />
      </KeepTyped>
    </StrictMode>,
  );
});
