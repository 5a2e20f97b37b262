// The case file's own script (plain ES2017 in the page, no data in it, no import): reads the graph from the JSON
// block; draws each network's picture at once; draws the whole neighbourhood with cytoscape only when its <details>
// is first opened, then shows a clicked node's properties with textContent only, and filters by name. It tells
// tests (and curious readers) what it drew in `window.landingGraphReport` ({nodes, edges, ready, error, networks:
// [{id, nodes, edges, ready, boxes()}]}, boxes() giving each node's circle and label as drawn), whose
// `show(elementKey)` (once the whole graph is drawn) selects a node and shows its properties. Inlined by
// src/render/assets.ts; the page's Content-Security-Policy allows it by its hash.
(() => {
  var data = JSON.parse(document.getElementById('graph-data').textContent);
  var report = { nodes: 0, edges: 0, ready: false, error: null, networks: [] };
  window.landingGraphReport = report;
  if (typeof cytoscape !== 'function') {
    report.error = 'cytoscape missing';
    document.getElementById('graph-status').textContent = 'The graph library did not load.';
    return;
  }
  function short(name, most) {
    return name.length > most ? `${name.slice(0, most - 1)}\u2026` : name;
  }

  // One small picture per network: its members (circles) and the identifiers they share (diamonds), laid out from
  // rings (identifiers inside, members outside) by a force-directed pass, so the same data gives the same picture.
  Array.prototype.forEach.call(document.querySelectorAll('.net-graph'), (box) => {
    var net = data.networks[Number(box.getAttribute('data-network'))];
    if (!net) return;
    var shown = { id: net.id, nodes: 0, edges: 0, ready: false };
    report.networks.push(shown);
    var index = {};
    var members = net.nodes.filter((n) => n.member).length;
    var ties = net.nodes.length - members;
    var mi = 0,
      ti = 0;
    var elements = net.nodes.map((n, i) => {
      index[n.ref] = `m${i}`;
      var ring = n.member ? 260 : 120;
      var angle = 2 * Math.PI * (n.member ? mi++ / Math.max(1, members) : (ti++ + 0.5) / Math.max(1, ties));
      return {
        group: 'nodes',
        data: { id: `m${i}`, label: short(n.name, 34), colour: n.colour, member: n.member, seed: n.seed },
        position: { x: ring * Math.cos(angle), y: ring * Math.sin(angle) },
      };
    });
    net.edges.forEach((e, i) => {
      if (index[e.from] && index[e.to])
        elements.push({ group: 'edges', data: { id: `t${i}`, source: index[e.from], target: index[e.to], weak: e.weak } });
    });
    var cy = cytoscape({
      container: box,
      elements: elements,
      userZoomingEnabled: false,
      boxSelectionEnabled: false,
      autoungrabify: false,
      style: [
        {
          selector: 'node',
          style: {
            'background-color': 'data(colour)',
            label: 'data(label)',
            'font-size': 14,
            'min-zoomed-font-size': 5,
            color: '#1d1d1f',
            'text-valign': 'bottom',
            'text-margin-y': 3,
            'text-wrap': 'wrap',
            'text-max-width': 120,
            'text-background-color': '#fff',
            'text-background-opacity': 0.85,
            'text-background-padding': 1,
            width: 22,
            height: 22,
            'border-width': 1.5,
            'border-color': '#fff',
          },
        },
        {
          selector: 'node[!member]',
          style: { shape: 'diamond', width: 16, height: 16, 'font-size': 12, color: '#444', 'border-color': '#666', 'border-width': 1 },
        },
        { selector: 'node[?seed]', style: { 'border-width': 3.5, 'border-color': '#000', width: 30, height: 30, 'font-weight': 'bold' } },
        { selector: 'edge', style: { width: 1.4, 'line-color': '#8c96a5', 'curve-style': 'straight' } },
        { selector: 'edge[?weak]', style: { width: 1, 'line-color': '#c3c8d0', 'line-style': 'dashed' } },
      ],
      layout: { name: 'preset' },
    });
    var layout = cy.layout({
      name: 'cose',
      animate: false,
      randomize: false,
      nodeRepulsion: () => 80000,
      idealEdgeLength: () => 90,
      edgeElasticity: () => 60,
      nodeOverlap: 30,
      gravity: 1.2,
      numIter: 3000,
    });
    // Print takes an image of the picture: a canvas laid out again at the paper's width prints blank (it redraws
    // after the page is captured). Made when the layout settles and again after a node is dragged.
    var still = document.createElement('img');
    still.className = 'net-print';
    still.alt = box.getAttribute('aria-label') || '';
    box.after(still);
    var snapshot = () => {
      still.src = cy.png({ full: true, scale: 2, bg: '#ffffff' });
    };
    cy.on('free', 'node', snapshot);
    layout.one('layoutstop', () => {
      apart(cy.nodes());
      cy.fit(undefined, 28);
      snapshot();
      shown.nodes = cy.nodes().length;
      shown.edges = cy.edges().length;
      shown.zoom = Math.round(cy.zoom() * 100) / 100;
      // Each node's circle and label as drawn (page pixels inside the picture), for readers and tests to check.
      shown.boxes = () =>
        cy.nodes().map((n) => {
          var b = n.renderedBoundingBox({ includeLabels: true, includeOverlays: false });
          return { label: n.data('label'), x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 };
        });
      shown.ready = true;
    });
    layout.run();
  });

  // Labels that cover each other cannot be read (a phone over the seed's name): after the force-directed layout,
  // nodes whose circle-and-label boxes overlap are pushed apart along the shorter way out, until none overlaps.
  // Labels scale with the zoom, so a picture without overlaps stays so at any width and in print.
  function apart(nodes) {
    const gap = 4;
    for (let pass = 0; pass < 400; pass++) {
      const boxes = nodes.map((n) => n.boundingBox({ includeLabels: true, includeOverlays: false }));
      const shift = boxes.map(() => ({ x: 0, y: 0 }));
      let overlaps = 0;
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i];
          const b = boxes[j];
          const ox = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1) + gap;
          const oy = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1) + gap;
          if (ox <= 0 || oy <= 0) continue;
          overlaps++;
          // Along the shorter way out, the first of the pair towards its own side (left or up when level).
          if (ox < oy) {
            const sx = (a.x1 + a.x2 <= b.x1 + b.x2 ? -1 : 1) * (ox / 2 + 0.5);
            shift[i].x += sx;
            shift[j].x -= sx;
          } else {
            const sy = (a.y1 + a.y2 <= b.y1 + b.y2 ? -1 : 1) * (oy / 2 + 0.5);
            shift[i].y += sy;
            shift[j].y -= sy;
          }
        }
      }
      if (overlaps === 0) return;
      nodes.forEach((n, k) => {
        const p = n.position();
        n.position({ x: p.x + shift[k].x, y: p.y + shift[k].y });
      });
    }
  }

  // The whole neighbourhood: drawn the first time its <details> opens (thousands of nodes take seconds).
  var whole = document.getElementById('whole-graph');
  var container = document.getElementById('graph');
  var details = document.getElementById('details');
  var status = document.getElementById('graph-status');
  function drawWhole() {
    status.textContent = 'Drawing the graph\u2026';
    var elements = [];
    data.nodes.forEach((n, i) => {
      elements.push({
        group: 'nodes',
        data: {
          id: `n${i}`,
          key: n.key,
          name: n.name,
          short: short(n.name, 28),
          colour: n.colour,
          kind: n.kind,
          pivot: n.pivot,
          props: n.props,
          seed: n.seed,
        },
      });
    });
    var index = {};
    data.nodes.forEach((n, i) => {
      index[n.key] = `n${i}`;
    });
    data.edges.forEach((e, i) => {
      elements.push({ group: 'edges', data: { id: `e${i}`, source: index[e.from], target: index[e.to], type: e.type } });
    });
    var big = data.nodes.length > 600;
    var cy = cytoscape({
      container: container,
      elements: elements,
      wheelSensitivity: 0.3,
      style: [
        {
          selector: 'node',
          style: {
            'background-color': 'data(colour)',
            label: big ? '' : 'data(short)',
            'font-size': 9,
            color: '#222',
            'text-valign': 'bottom',
            'text-margin-y': 3,
            'text-background-color': '#fff',
            'text-background-opacity': 0.7,
            'text-background-padding': 1,
            width: 18,
            height: 18,
            'border-width': 1,
            'border-color': '#fff',
          },
        },
        { selector: 'node[?pivot]', style: { shape: 'diamond', width: 14, height: 14 } },
        { selector: 'node[?seed]', style: { 'border-width': 3, 'border-color': '#000', width: 26, height: 26 } },
        {
          selector: 'edge',
          style: {
            width: 1,
            'line-color': '#bbb',
            'target-arrow-color': '#bbb',
            'target-arrow-shape': 'triangle',
            'arrow-scale': 0.6,
            'curve-style': big ? 'haystack' : 'bezier',
          },
        },
        { selector: '.faded', style: { opacity: 0.12 } },
        { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#e00' } },
      ],
      layout: { name: 'preset' },
    });
    // Large graphs: rings by degree (hubs in the middle), fast at thousands of nodes; small ones: force-directed.
    var layout = cy.layout(
      big
        ? { name: 'concentric', concentric: (n) => n.degree(), levelWidth: () => 4, animate: false }
        : { name: 'cose', animate: false, randomize: false, nodeRepulsion: () => 20000, idealEdgeLength: () => 70, numIter: 1500 },
    );
    layout.one('layoutstop', () => {
      cy.fit(undefined, 20);
      report.nodes = cy.nodes().length;
      report.edges = cy.edges().length;
      report.ready = true;
      status.textContent = `${report.nodes} nodes and ${report.edges} relationships drawn. Click a node for its properties; scroll to zoom.`;
    });
    layout.run();
    function show(node) {
      while (details.firstChild) details.removeChild(details.firstChild);
      var h = document.createElement('h3');
      h.textContent = node.data('name');
      details.appendChild(h);
      var p = document.createElement('p');
      p.textContent = `${node.data('kind')} \u00b7 ${node.data('key')} \u00b7 ${node.degree()} links`;
      details.appendChild(p);
      var dl = document.createElement('dl');
      var props = node.data('props');
      Object.keys(props).forEach((k) => {
        var dt = document.createElement('dt');
        dt.textContent = k;
        dl.appendChild(dt);
        var dd = document.createElement('dd');
        var v = props[k];
        dd.textContent = Array.isArray(v) ? v.join(', ') : String(v);
        dl.appendChild(dd);
      });
      details.appendChild(dl);
    }
    cy.on('tap', 'node', (evt) => {
      show(evt.target);
    });
    report.show = (key) => {
      var node = index[key] === undefined ? cy.collection() : cy.getElementById(index[key]);
      if (node.empty()) return false;
      cy.$(':selected').unselect();
      node.select();
      show(node);
      return true;
    };
    document.getElementById('filter').addEventListener('input', (evt) => {
      var q = evt.target.value.trim().toLowerCase();
      cy.elements().removeClass('faded');
      if (!q) return;
      var hit = cy
        .nodes()
        .filter((n) => n.data('name').toLowerCase().indexOf(q) >= 0 || String(n.data('key')).toLowerCase().indexOf(q) >= 0);
      cy.elements().not(hit.closedNeighborhood()).addClass('faded');
    });
  }
  var drawn = false;
  whole.addEventListener('toggle', () => {
    if (whole.open && !drawn) {
      drawn = true;
      drawWhole();
    }
  });
})();
