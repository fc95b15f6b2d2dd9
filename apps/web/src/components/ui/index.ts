export { Alert, type AlertTone } from "./Alert";
export { Badge, type BadgeTone } from "./Badge";
export {
  Button,
  ButtonLink,
  type ButtonSize,
  type ButtonVariant,
  buttonClasses,
  Spinner,
} from "./Button";
export { Card } from "./Card";
export { errorMessage, GENERIC_ERROR } from "./error-message";
export { SelectField, type SelectOption, TextAreaField, TextField } from "./Field";
export { PageContainer, PageHeader } from "./PageHeader";
