import { useTranslation } from 'react-i18next';
import { ContactDetails } from '@/features/contact/components/contact-details';
import { TerminatedScreen } from '@/features/service-status/components/terminated-screen';

/** The closed service still tells players where their money is and whom to ask for it. */
export default function TerminatedRoute() {
  const { t } = useTranslation();
  return (
    <div className="page page-narrow">
      <TerminatedScreen />
      <section className="card" aria-labelledby="terminated-money-title">
        <h2 id="terminated-money-title" className="card-title">
          {t('terminated.moneyTitle')}
        </h2>
        <p>{t('terminated.moneyText')}</p>
      </section>
      <ContactDetails />
    </div>
  );
}
