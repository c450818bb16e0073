// Finds the texts a component shows without a catalogue (issue 28's check): words in JSX, in the
// attributes people read or hear (aria-label, title, placeholder, alt, label), and sentences in
// string literals. Codes (no lower-case letter: UWS, FFM, CAI, ULD) are not words.

import ts from "typescript";

/** A text found in a source file, with its 1-based line. */
export interface FoundText {
  line: number;
  text: string;
}

/** Attributes whose value a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
  "label",
  "subtitle",
  "confirmLabel",
  "cancelLabel",
]);

/** Attributes whose value is for the code, never shown. */
const CODE_ATTRIBUTES = new Set([
  "className",
  "style",
  "role",
  "type",
  "id",
  "htmlFor",
  "name",
  "autoComplete",
  "inputMode",
  "pattern",
  "rel",
  "target",
  "href",
  "to",
  "key",
  "dir",
  "lang",
  "accept",
  "enterKeyHint",
  "method",
  "aria-live",
  "aria-controls",
  "aria-describedby",
  "aria-labelledby",
  "aria-current",
  "aria-sort",
  "aria-haspopup",
  "labelledBy",
  "describedBy",
]);

const WORD = /[A-Za-z]/;
const LOWER = /[a-z]/;
const SENTENCE = /[A-Za-z]{2,}[,.'’:;!?]?\s+[A-Za-z]{2,}/;
const CALLS_OF_CODE =
  /^(console\.\w+|t|text|useT|serverText|document\.querySelector(All)?|\w+\.querySelector(All)?|matchMedia|new RegExp|RegExp|Symbol|import)$/;

/** Whether a text shows words (a code such as UWS or CAI is not one). */
const showsWords = (text: string) => WORD.test(text) && LOWER.test(text);

/** The name of the attribute a node is the value of, or null. */
function attributeOf(node: ts.Node): string | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isJsxAttribute(n)) return n.name.getText();
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isBlock(n)) return null;
  }
  return null;
}

/** Whether a string literal is code: an import, a key, a type, a comparison, a code call. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
  if (ts.isLiteralTypeNode(parent) || ts.isPropertyAssignment(parent) && parent.name === node) {
    return true;
  }
  if (ts.isCaseClause(parent) || ts.isElementAccessExpression(parent)) return true;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    if (
      op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.InKeyword
    ) return true;
  }
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    const callee = parent.expression.getText();
    if (CALLS_OF_CODE.test(callee)) return true;
    // a one-word argument is a key or a name (`common("delete")`), not a text
    if (ts.isStringLiteralLike(node) && !/\s/.test(node.text)) return true;
  }
  const attribute = attributeOf(node);
  return attribute !== null && (CODE_ATTRIBUTES.has(attribute) || attribute.startsWith("data-"));
}

/** The texts of a component file that no catalogue holds. */
export function untranslatedTexts(file: string, source: string): FoundText[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: FoundText[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText().trim();
      if (showsWords(text)) add(node, text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const attribute = attributeOf(node);
      const read = attribute !== null && READ_ATTRIBUTES.has(attribute);
      if (!isCode(node) && (read ? showsWords(node.text) : SENTENCE.test(node.text))) {
        add(node, node.text);
      }
    } else if (ts.isTemplateExpression(node) && !isCode(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
      const attribute = attributeOf(node);
      if (
        attribute !== null && READ_ATTRIBUTES.has(attribute)
          ? showsWords(parts)
          : SENTENCE.test(parts)
      ) {
        add(node, node.getText());
      }
      node.templateSpans.forEach((s) => visit(s.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
