import { SignInForm } from '@/features/auth/components/sign-in-form';
import { LanguageSwitch } from '../layouts/language-switch';

export default function SignInRoute() {
  return (
    <div className="bo-bare">
      <div className="bo-bare-lang">
        <LanguageSwitch />
      </div>
      <main id="main">
        <SignInForm />
      </main>
    </div>
  );
}
