/** Moved to src-shared (the window's approval dialog escapes the same way). */
export { visibleText } from '../../src-shared/text/visible-text';
