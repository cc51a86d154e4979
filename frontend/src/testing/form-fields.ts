// Test helper: a form field view with the defaults the Rust view gives.
export { fieldView as field } from '../features/forms/field-view';
