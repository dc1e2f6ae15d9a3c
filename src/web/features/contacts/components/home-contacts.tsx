import { ConnectContactsCard } from './connect-contacts-card.tsx';
import { RecommendationsList } from './recommendations-list.tsx';

/**
 * Home's contacts part for a signed-in user (product §2): the connect-contacts card and the
 * recommendations. Loaded with React.lazy, so visitors never download it (decision 019).
 */
export default function HomeContacts() {
  return (
    <>
      <ConnectContactsCard />
      <RecommendationsList />
    </>
  );
}
