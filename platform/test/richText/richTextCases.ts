/**
 * What both sanitisers (the API's when rich text is written, the web app's when it is shown) must
 * do with the shared allowlist. `keeps`: the output contains each string; `drops`: none of them.
 */
export interface RichTextCase {
  name: string;
  html: string;
  keeps: string[];
  drops: string[];
}

export const richTextCases: RichTextCase[] = [
  {
    name: 'a script element, with its code',
    html: '<p>Before</p><script>window.__xss=1</script><p>After</p>',
    keeps: ['<p>Before</p>', '<p>After</p>'],
    drops: ['<script', 'window.__xss'],
  },
  {
    name: 'an image with an error handler',
    html: '<p>Photo</p><img src=x onerror="window.__xss=1">',
    keeps: ['<p>Photo</p>'],
    drops: ['<img', 'onerror', 'window.__xss'],
  },
  {
    name: 'a javascript: link, also spelled with a tab and in capitals',
    html: '<a href="javascript:window.__xss=1">a</a><a href="jav&#9;ascript:alert(1)">b</a><a href="JAVASCRIPT:alert(1)">c</a>',
    keeps: ['>a</a>', '>b</a>', '>c</a>'],
    drops: ['javascript', 'JAVASCRIPT', 'alert', 'href'],
  },
  {
    name: 'data: and vbscript: links',
    html: '<a href="data:text/html,<script>alert(1)</script>">d</a><a href="vbscript:msgbox">v</a>',
    keeps: ['>d</a>', '>v</a>'],
    drops: ['data:', 'vbscript', 'href'],
  },
  {
    name: 'an svg with an onload handler',
    html: '<svg onload="window.__xss=1"><circle r="4"></circle></svg><p>Text</p>',
    keeps: ['<p>Text</p>'],
    drops: ['<svg', 'onload', '<circle'],
  },
  {
    name: 'style attributes and style elements',
    html: '<p style="position:fixed;top:0">Styled</p><style>body{display:none}</style>',
    keeps: ['<p>Styled</p>'],
    drops: ['style', 'display:none', 'position'],
  },
  {
    name: 'an iframe, object and embed',
    html: '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf"><p>Kept</p>',
    keeps: ['<p>Kept</p>'],
    drops: ['<iframe', 'evil.example', '<object', '<embed'],
  },
  {
    name: 'event handlers and classes on allowed tags',
    html: '<p onclick="window.__xss=1" class="x" id="y">Click</p><strong onmouseover="x()">Bold</strong>',
    keeps: ['<p>Click</p>', '<strong>Bold</strong>'],
    drops: ['onclick', 'onmouseover', 'class', 'id='],
  },
  {
    name: 'forms and inputs',
    html: '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
    keeps: [],
    drops: ['<form', '<input', '<button', 'evil.example'],
  },
  {
    name: 'the formatting an organiser writes',
    html: '<h2>Title</h2><p><strong>Bold</strong> <b>b</b> <em>it</em> <i>i</i> <u>under</u> <s>struck</s><br></p><ul><li>One</li></ul><ol><li>Two</li></ol><blockquote>Quote</blockquote><h4>Small</h4><span>Span</span>',
    keeps: [
      '<h2>Title</h2>',
      '<strong>Bold</strong>',
      '<b>b</b>',
      '<em>it</em>',
      '<i>i</i>',
      '<u>under</u>',
      '<s>struck</s>',
      '<br',
      '<ul><li>One</li></ul>',
      '<ol><li>Two</li></ol>',
      '<blockquote>Quote</blockquote>',
      '<h4>Small</h4>',
      '<span>Span</span>',
    ],
    drops: [],
  },
  {
    name: 'safe links, opened apart with no opener',
    html: '<a href="https://foundation.example/gala" target="_self">Site</a> <a href="mailto:info@foundation.example">Mail</a> <a href="tel:+15145550100">Call</a> <a href="/encans/demo-gala/lots">Lots</a>',
    keeps: [
      'href="https://foundation.example/gala"',
      'href="mailto:info@foundation.example"',
      'href="tel:+15145550100"',
      'href="/encans/demo-gala/lots"',
      'target="_blank"',
      'rel="noopener noreferrer"',
    ],
    drops: ['_self'],
  },
  {
    name: 'a tag outside the list, whose words stay',
    html: '<div>Inside a <font color="red">div</font></div>',
    keeps: ['Inside a div'],
    drops: ['<div', '<font', 'color'],
  },
];
