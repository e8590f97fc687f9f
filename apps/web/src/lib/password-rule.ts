/** The password rule's texts live in the web kit, shared with the back office; the keys are under password.* */
export { passwordProblemText, passwordRuleText } from '@wallet/web-kit/lib/password-rule';
