interface DepositDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Placeholder replaced by the deposit feature: the contract Home wires against. */
export function DepositDialog(_props: DepositDialogProps) {
  return null;
}
