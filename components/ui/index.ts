export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { describeError, ErrorNotice, type ErrorNoticeProps } from './ErrorNotice.tsx';
export { Field, type FieldControlProps, type FieldProps, TextField, type TextFieldProps } from './Field.tsx';
export { ProgressBar, type ProgressBarProps } from './ProgressBar.tsx';
