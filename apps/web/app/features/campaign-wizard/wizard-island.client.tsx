import { hydrateIsland } from '../../lib/island-client.ts';
import { WizardIsland, type WizardIslandProps } from './wizard-island.tsx';

// The create page's only script (lib/islands.ts): React DOM hydrates the wizard in place.
hydrateIsland<WizardIslandProps>('campaign-wizard', (props) => <WizardIsland {...props} />);
