import { ContactScreen } from '@/features/contact/components/contact-screen';

/** /contact sits under no top bar; /user/contact sits under the member top bar and is offset below it. */
export default function ContactRoute({ variant }: { variant: 'public' | 'member' }) {
  return <ContactScreen topOffset={variant === 'member'} />;
}
