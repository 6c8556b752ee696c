// ESLint rule `i18n/no-literal-text` (issue #36): in a folder whose texts live in the
// catalogues (the list is I18N_CHECKED in eslint.config.js), a text a user sees must come from
// `t(...)`, not a literal. Reported:
//
// - JSX text with a letter (`<p>Hello</p>`; punctuation, digits and symbols alone are fine);
// - a literal in a visible JSX attribute (aria-label, title, placeholder, alt, label...) or in a
//   JSX child expression, through `? :`, `&&`, `||`, `??` (`{open ? 'Close' : 'Open'}`);
// - a literal as the value of an object's visible property (toasts' `title`/`description`,
//   options' `label`, `message`, any `...Label`/`...Text`/`...Title`...), or as the default of
//   a parameter so named (`label = 'Loading'`).
//
// Not reported: class names, test ids, routes, keys (anything else: call arguments such as
// `t('a.key')`, `cn('...')`; a dotted key such as 'footer.about' anywhere), and texts made
// only of ALLOWED words (the brand). A literal that
// truly is not shown takes `// eslint-disable-next-line i18n/no-literal-text -- why`.

const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'hint',
  'description',
  'message',
  'heading',
  'text',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
]);
const VISIBLE_PROPERTIES = new Set(['title', 'description', 'label', 'message', 'placeholder', 'hint', 'ariaLabel', 'text', 'heading']);
/** Names that hold a text too: `confirmLabel`, `emptyText`, `pendingTitle`... */
const VISIBLE_SUFFIX = /(Label|Text|Title|Message|Description|Placeholder|Hint|Heading)$/;
const isVisibleName = (name) => VISIBLE_ATTRIBUTES.has(name) || VISIBLE_PROPERTIES.has(name) || VISIBLE_SUFFIX.test(name);
/** Words that stay as they are in every language. */
const ALLOWED = new Set(['InternReel', 'Intern', 'Reel']);

const LETTER = /\p{L}/u;
/** A catalogue key ('footer.about', 'common:actions.cancel'): not a text itself. */
const KEY = /^([a-z][\w-]*:)?[a-z]\w*(\.\w+)+$/;

function isVisibleText(text) {
  if (!LETTER.test(text) || KEY.test(text.trim())) return false;
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return !words.every((word) => ALLOWED.has(word) || !LETTER.test(word));
}

const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the i18n catalogues (t), not literals' },
    schema: [],
    messages: {
      literal: '"{{text}}" is user-visible: put it in src/locales/en/<ns>.json and use t() (ui/README.md, Languages)',
    },
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 60) } });

    /** A literal, or the literals a conditional / logical expression may yield. */
    function checkExpression(node) {
      if (!node) return;
      switch (node.type) {
        case 'Literal':
          if (typeof node.value === 'string' && isVisibleText(node.value)) report(node, node.value);
          return;
        case 'TemplateLiteral': {
          const text = node.quasis.map((q) => q.value.cooked ?? '').join(' ');
          if (isVisibleText(text)) report(node, text);
          for (const expression of node.expressions) checkExpression(expression);
          return;
        }
        case 'ConditionalExpression':
          checkExpression(node.consequent);
          checkExpression(node.alternate);
          return;
        case 'LogicalExpression':
          checkExpression(node.left);
          checkExpression(node.right);
          return;
        case 'TSAsExpression':
        case 'TSSatisfiesExpression':
        case 'TSNonNullExpression':
          checkExpression(node.expression);
          return;
        default:
      }
    }

    const attributeName = (name) => (name.type === 'JSXNamespacedName' ? `${name.namespace.name}:${name.name.name}` : name.name);

    return {
      JSXText(node) {
        if (isVisibleText(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXElement' || node.parent.type === 'JSXFragment') checkExpression(node.expression);
      },
      JSXAttribute(node) {
        if (!isVisibleName(attributeName(node.name)) || !node.value) return;
        if (node.value.type === 'Literal') checkExpression(node.value);
        else if (node.value.type === 'JSXExpressionContainer') checkExpression(node.value.expression);
      },
      Property(node) {
        if (node.parent.type !== 'ObjectExpression' || node.computed) return;
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? String(node.key.value) : '';
        if (isVisibleName(key)) checkExpression(node.value);
      },
      AssignmentPattern(node) {
        if (node.left.type === 'Identifier' && isVisibleName(node.left.name)) checkExpression(node.right);
      },
    };
  },
};

export default { meta: { name: 'i18n' }, rules: { 'no-literal-text': noLiteralText } };
