# ruff: noqa: E501  (JavaScript: linhas longas de propósito, não é código Python)
"""O script do relatorio.html (um só, autorizado pela CSP pelo hash): filtros, gráfico, linha do tempo.

Lê os dados de `<script type="application/json" id="dados-grafo">` e monta tudo com `textContent` e elementos
(nenhum texto de prova vira HTML). Cada parte roda num `try`: se o Cytoscape ou o vis-timeline não carregarem,
os filtros das conclusões continuam funcionando e as tabelas de vínculos e eventos (sempre na página) ficam
como leitura. Para os testes, expõe `window.peritoRelatorio` (o `cy`, a linha do tempo e o estado).
"""

SCRIPT = r"""
(function(){
  'use strict';
  var D = null;
  try { D = JSON.parse(document.getElementById('dados-grafo').textContent); } catch (e) { D = null; }
  var estado = {tipo: '', grau: '', veredicto: '', no: ''};
  var api = {estado: estado, cy: null, linha: null, erros: []};
  window.peritoRelatorio = api;
  var nosPorId = {};
  if (D) { D.nos.forEach(function(n){ nosPorId[n.id] = n; }); }

  function el(tag, classe, texto) {
    var e = document.createElement(tag);
    if (classe) { e.className = classe; }
    if (texto !== undefined && texto !== null) { e.textContent = String(texto); }
    return e;
  }
  function plural(n, s, p) { return n + ' ' + (n === 1 ? s : p); }
  function dobrar(t) {
    return String(t || '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  }
  function rotuloNo(id) { var n = nosPorId[id]; return n ? n.tipo_rotulo + ' ' + n.rotulo : id; }
  function linkConclusao(c) {
    var a = el('a', null, 'conclusão ' + c);
    a.href = '#conclusao-' + c;
    var info = D && D.conclusoes[String(c)];
    var span = el('span');
    span.appendChild(a);
    if (info) { span.appendChild(document.createTextNode(' — ' + info.tipo + ', ' + info.grau)); }
    return span;
  }
  function localRef(r) {
    var partes = [r.arquivo || ''];
    if (r.pagina !== null && r.pagina !== undefined) { partes.push('p. ' + r.pagina); }
    if (r.aba_planilha) { partes.push('aba ' + r.aba_planilha); }
    partes.push(String(r.linha_ou_celula || ''));
    return partes.join(', ') + ': ' + (r.dado_citado || '');
  }

  // --- conclusões: quais passam nos filtros tipo/grau/veredicto (o filtro de nó vem à parte) -----------------
  function passa(c) {
    return (!estado.tipo || c.dataset.tipo === estado.tipo) && (!estado.grau || c.dataset.grau === estado.grau)
      && (!estado.veredicto || c.dataset.veredicto === estado.veredicto);
  }
  function conclusoesVisiveis() {
    var vis = {};
    document.querySelectorAll('.conclusao').forEach(function(c){ if (passa(c)) { vis[c.dataset.conclusao] = true; } });
    return vis;
  }
  function algumaVisivel(lista, vis) {
    for (var i = 0; i < lista.length; i++) { if (vis[String(lista[i])]) { return true; } }
    return false;
  }
  function filtroAtivo() { return !!(estado.tipo || estado.grau || estado.veredicto); }

  function barraDeFiltro() {
    var barra = document.getElementById('filtro-ativo');
    barra.textContent = '';
    var partes = [];
    if (estado.no) { partes.push('nó ' + rotuloNo(estado.no)); }
    if (estado.tipo) { partes.push('tipo ' + estado.tipo); }
    if (estado.grau) { partes.push('grau ' + estado.grau); }
    if (estado.veredicto) { partes.push('veredicto ' + estado.veredicto); }
    barra.hidden = partes.length === 0;
    if (!partes.length) { return; }
    barra.appendChild(el('strong', null, 'Filtro: '));
    barra.appendChild(document.createTextNode(partes.join(', ') + ' — '));
    var limpar = el('button', 'limpar', 'limpar');
    limpar.type = 'button';
    limpar.addEventListener('click', function(){
      estado.tipo = estado.grau = estado.veredicto = estado.no = '';
      ['f-tipo', 'f-grau', 'f-veredicto'].forEach(function(id){ document.getElementById(id).value = ''; });
      aplicar();
    });
    barra.appendChild(limpar);
  }

  function guardarNoEndereco() {
    var partes = [];
    ['tipo', 'grau', 'veredicto', 'no'].forEach(function(k){ if (estado[k]) { partes.push(k + '=' + encodeURIComponent(estado[k])); } });
    try { history.replaceState(null, '', partes.length ? '#' + partes.join('&') : location.pathname + location.search); } catch (e) { /* file:// sem history */ }
  }

  function aplicar() {
    var visiveis = 0;
    document.querySelectorAll('.conclusao').forEach(function(c){
      var ok = passa(c) && (!estado.no || (' ' + c.dataset.nos + ' ').indexOf(' ' + estado.no + ' ') >= 0);
      c.hidden = !ok;
      if (ok) { visiveis++; }
    });
    document.getElementById('contagem').textContent = plural(visiveis, 'conclusão visível', 'conclusões visíveis');
    barraDeFiltro();
    guardarNoEndereco();
    try { grafico.aplicar(); } catch (e) { api.erros.push(String(e)); }
    try { linha.aplicar(); } catch (e) { api.erros.push(String(e)); }
  }

  // --- gráfico ------------------------------------------------------------------------------------------------
  var grafico = {aplicar: function(){}, destacar: function(){}};
  function painel(titulo, corpo) {
    var p = document.getElementById('painel-grafico');
    p.textContent = '';
    p.appendChild(el('h3', null, titulo));
    corpo.forEach(function(x){ p.appendChild(x); });
  }
  function lista(itens) {
    var ul = el('ul');
    itens.forEach(function(i){ var li = el('li'); if (typeof i === 'string') { li.textContent = i; } else { li.appendChild(i); } ul.appendChild(li); });
    return ul;
  }
  function descreverItem(i) {
    var t = i.rotulo;
    if (i.valor_texto) { t += ' ' + i.valor_texto; }
    if (i.local) { t += ' em ' + i.local.texto + ' (' + D.fuso + '; UTC ' + i.instante_utc + ')'; }
    else if (i.escrito) { t += ' em ' + i.escrito + ' (fuso não informado)'; }
    if (i.porta) { t += ', porta ' + i.porta; }
    return t + ' — grau ' + i.grau;
  }
  function refsDe(itens, limite) {
    var vistas = {}, refs = [];
    itens.forEach(function(i){
      (i.referencias || []).concat(i.contexto || []).forEach(function(r){
        var t = localRef(r);
        if (!vistas[t]) { vistas[t] = true; refs.push(t); }
      });
    });
    var mais = refs.length - limite;
    refs = refs.slice(0, limite);
    if (mais > 0) { refs.push('… e ' + plural(mais, 'outra referência', 'outras referências')); }
    return refs;
  }
  function painelNo(n, arestas, eventos) {
    var corpo = [el('p', 'identidade', n.id)];
    if (n.notacoes.length) { corpo.push(el('h4', null, 'Notações nos documentos')); corpo.push(lista(n.notacoes)); }
    corpo.push(el('h4', null, plural(n.conclusoes.length, 'conclusão', 'conclusões')));
    corpo.push(lista(n.conclusoes.map(linkConclusao)));
    if (arestas.length) {
      corpo.push(el('h4', null, plural(arestas.length, 'vínculo', 'vínculos')));
      corpo.push(lista(arestas.map(function(a){
        var outro = a.origem === n.id ? '→ ' + rotuloNo(a.destino) : '← ' + rotuloNo(a.origem);
        return a.rotulo + ' ' + outro;
      })));
      var itens = [];
      arestas.forEach(function(a){ itens = itens.concat(a.itens); });
      corpo.push(el('h4', null, 'Referências'));
      corpo.push(lista(refsDe(itens, 40)));
    }
    corpo.push(el('p', null, plural(eventos, 'evento', 'eventos') + ' na linha do tempo' + (eventos ? ' (selecionados)' : '')));
    painel(n.tipo_rotulo + ': ' + n.rotulo, corpo);
  }
  function painelAresta(a) {
    var corpo = [el('p', null, rotuloNo(a.origem) + ' → ' + rotuloNo(a.destino))];
    corpo.push(lista(a.itens.map(descreverItem)));
    corpo.push(el('h4', null, plural(a.conclusoes.length, 'conclusão', 'conclusões')));
    corpo.push(lista(a.conclusoes.map(linkConclusao)));
    corpo.push(el('h4', null, 'Referências'));
    corpo.push(lista(refsDe(a.itens, 60)));
    painel(a.itens[0].rotulo + (a.itens.length > 1 ? ' (' + a.itens.length + ')' : ''), corpo);
  }

  function separar(cy, nos) {
    // afasta as caixas (nó + rótulo) que se tocam: sem isto, o fCoSE às vezes deixa um rótulo sobre outro
    var folga = 6, caixas = [];
    nos.forEach(function(n){
      var b = n.boundingBox({includeLabels: true, includeOverlays: false}), p = n.position();
      caixas.push({n: n, x: p.x, y: p.y, dx: b.x1 - p.x, dy: b.y1 - p.y, w: b.w, h: b.h});
    });
    for (var volta = 0; volta < 300; volta++) {
      var mexeu = false;
      caixas.sort(function(a, b){ return (a.x + a.dx) - (b.x + b.dx); });
      for (var i = 0; i < caixas.length; i++) {
        var a = caixas[i];
        for (var j = i + 1; j < caixas.length; j++) {
          var b = caixas[j];
          if (b.x + b.dx >= a.x + a.dx + a.w + folga) { break; }
          var ox = Math.min(a.x + a.dx + a.w, b.x + b.dx + b.w) - Math.max(a.x + a.dx, b.x + b.dx) + folga;
          var oy = Math.min(a.y + a.dy + a.h, b.y + b.dy + b.h) - Math.max(a.y + a.dy, b.y + b.dy) + folga;
          if (ox <= 0 || oy <= 0) { continue; }
          mexeu = true;
          if (ox < oy) {
            var sx = (a.x <= b.x ? 1 : -1) * (ox / 2 + 0.5);
            a.x -= sx; b.x += sx;
          } else {
            var sy = (a.y <= b.y ? 1 : -1) * (oy / 2 + 0.5);
            a.y -= sy; b.y += sy;
          }
        }
      }
      if (!mexeu) { break; }
    }
    cy.batch(function(){ caixas.forEach(function(c){ c.n.position({x: c.x, y: c.y}); }); });
  }

  function iniciarGrafico() {
    var caixa = document.getElementById('grafico');
    if (!D || !D.nos.length) { return; }
    if (typeof cytoscape !== 'function') { throw new Error('Cytoscape.js não carregou'); }
    caixa.textContent = '';
    var arestasPorId = {}, arestasDoNo = {}, eventosDoNo = {};
    D.arestas.forEach(function(a){
      arestasPorId[a.id] = a;
      (arestasDoNo[a.origem] = arestasDoNo[a.origem] || []).push(a);
      if (a.destino !== a.origem) { (arestasDoNo[a.destino] = arestasDoNo[a.destino] || []).push(a); }
    });
    D.eventos.forEach(function(e){ e.entidades.forEach(function(id){ (eventosDoNo[id] = eventosDoNo[id] || []).push(e.id); }); });
    var grande = D.nos.length > 150;
    var elementos = D.nos.map(function(n){
      return {group: 'nodes', data: {id: n.id, rotulo: n.rotulo, cor: n.cor, forma: n.forma,
        tamanho: 22 + 2 * Math.min(n.conclusoes.length, 6)}};
    }).concat(D.arestas.map(function(a){
      return {group: 'edges', data: {id: a.id, source: a.origem, target: a.destino, rotulo: a.rotulo, cor: a.cor,
        largura: a.tipo === 'transferiu' ? 3 : 2}};
    }));
    var cy = cytoscape({
      container: caixa, elements: elementos, minZoom: 0.03, maxZoom: 5,
      boxSelectionEnabled: false, textureOnViewport: grande, hideEdgesOnViewport: D.arestas.length > 800,
      style: [
        {selector: 'node', style: {'background-color': 'data(cor)', 'shape': 'data(forma)', 'width': 'data(tamanho)',
          'height': 'data(tamanho)', 'label': 'data(rotulo)', 'font-size': 12, 'font-family': 'system-ui, sans-serif',
          'text-valign': 'bottom', 'text-margin-y': 3, 'text-wrap': 'wrap', 'text-max-width': 140,
          'text-background-color': '#ffffff', 'text-background-opacity': 0.85, 'text-background-padding': 1,
          'border-width': 1, 'border-color': '#ffffff', 'min-zoomed-font-size': grande ? 7 : 0}},
        {selector: 'edge', style: {'line-color': 'data(cor)', 'target-arrow-color': 'data(cor)', 'width': 'data(largura)',
          'target-arrow-shape': 'triangle', 'curve-style': 'bezier', 'arrow-scale': 1.1, 'label': 'data(rotulo)',
          'font-size': 10, 'color': '#333333', 'text-rotation': 'autorotate', 'text-background-color': '#ffffff',
          'text-background-opacity': 0.8, 'text-background-padding': 1, 'min-zoomed-font-size': grande ? 8 : 0,
          'opacity': 0.85}},
        {selector: '.apagado', style: {'opacity': 0.12, 'text-opacity': 0.25}},
        {selector: 'node.escolhido', style: {'border-width': 4, 'border-color': '#000000'}},
        {selector: 'node.achado', style: {'border-width': 4, 'border-color': '#ff00aa'}},
        {selector: 'node.destacado', style: {'border-width': 4, 'border-color': '#0050ff'}},
        {selector: 'edge.escolhido', style: {'width': 5, 'opacity': 1}}
      ]
    });
    api.cy = cy;
    var inicio = performance.now();
    cy.layout({name: 'fcose', quality: 'default', randomize: true, animate: false, fit: false,
      nodeDimensionsIncludeLabels: true, nodeRepulsion: grande ? 6000 : 4500, nodeSeparation: 60,
      idealEdgeLength: function(e){ return grande ? 70 : Math.min(170, 50 + 3.2 * String(e.data('rotulo')).length); },
      edgeElasticity: 0.4, numIter: 2500, packComponents: true, tile: true,
      tilingPaddingVertical: 20, tilingPaddingHorizontal: 20}).run();
    separar(cy, cy.nodes());
    cy.fit(undefined, 24);
    if (cy.zoom() > 1.6) { cy.zoom(1.6); cy.center(); }
    api.tempoLayout = performance.now() - inicio;

    function visivelNo(n) { return n.style('display') !== 'none'; }
    function limparDestaques() { cy.elements().removeClass('apagado escolhido achado destacado'); }
    function destacarNo(id) {
      limparDestaques();
      var n = cy.getElementById(id);
      if (!n.nonempty()) { return; }
      cy.elements().addClass('apagado');
      n.closedNeighborhood().removeClass('apagado');
      n.addClass('escolhido');
    }
    grafico.destacar = function(ids) {
      limparDestaques();
      if (!ids || !ids.length) { return; }
      cy.elements().addClass('apagado');
      ids.forEach(function(id){ var n = cy.getElementById(id); if (n.nonempty()) { n.removeClass('apagado').addClass('destacado'); } });
    };
    grafico.aplicar = function() {
      var vis = conclusoesVisiveis(), ativo = filtroAtivo();
      cy.batch(function(){
        cy.edges().forEach(function(e){
          var a = arestasPorId[e.id()];
          e.style('display', !ativo || algumaVisivel(a.conclusoes, vis) ? 'element' : 'none');
        });
        cy.nodes().forEach(function(n){
          var dado = nosPorId[n.id()], mostra = true;
          if (ativo) {
            var todas = n.connectedEdges();
            mostra = todas.length ? todas.some(function(e){ return e.style('display') !== 'none'; })
              : algumaVisivel(dado.conclusoes, vis);
          }
          n.style('display', mostra ? 'element' : 'none');
        });
      });
      if (estado.no) {
        destacarNo(estado.no);
        var n = nosPorId[estado.no];
        if (n) { painelNo(n, arestasDoNo[n.id] || [], (eventosDoNo[n.id] || []).length); }
      } else {
        limparDestaques();
      }
      var visiveis = cy.nodes().filter(visivelNo).length;
      document.getElementById('contagem-grafico').textContent = plural(visiveis, 'nó visível', 'nós visíveis') + ' de ' + D.nos.length;
    };
    cy.on('tap', 'node', function(evt){
      var id = evt.target.id();
      estado.no = estado.no === id ? '' : id;
      aplicar();
      linha.doNo(estado.no);
    });
    cy.on('tap', 'edge', function(evt){
      var a = arestasPorId[evt.target.id()];
      cy.edges().removeClass('escolhido');
      evt.target.addClass('escolhido');
      painelAresta(a);
    });
    cy.on('tap', function(evt){
      if (evt.target === cy && estado.no) { estado.no = ''; aplicar(); linha.doNo(''); }
    });
    document.getElementById('ajustar').addEventListener('click', function(){
      cy.fit(cy.elements().filter(function(e){ return e.style('display') !== 'none'; }), 30);
    });
    function buscar() {
      var q = dobrar(document.getElementById('busca-grafo').value.trim()), aviso = document.getElementById('busca-aviso');
      cy.nodes().removeClass('achado');
      if (!q) { aviso.textContent = ''; return; }
      var achados = cy.nodes().filter(function(n){ return visivelNo(n) && nosPorId[n.id()].busca.indexOf(q) >= 0; });
      if (!achados.length) { aviso.textContent = 'nenhum nó visível com “' + document.getElementById('busca-grafo').value.trim() + '”'; return; }
      achados.addClass('achado');
      aviso.textContent = plural(achados.length, 'nó encontrado', 'nós encontrados');
      if (achados.length === 1) {
        cy.animate({center: {eles: achados}, zoom: Math.max(cy.zoom(), 1.2)}, {duration: 250});
        var n = nosPorId[achados[0].id()];
        painelNo(n, arestasDoNo[n.id] || [], (eventosDoNo[n.id] || []).length);
      } else {
        cy.animate({fit: {eles: achados, padding: 60}}, {duration: 250});
      }
    }
    document.getElementById('busca-grafo').addEventListener('keydown', function(e){ if (e.key === 'Enter') { e.preventDefault(); buscar(); } });
    document.getElementById('buscar').addEventListener('click', buscar);
    grafico.eventosDoNo = eventosDoNo;
    document.body.dataset.grafico = 'pronto';
  }

  // --- linha do tempo -------------------------------------------------------------------------------------------
  var linha = {aplicar: function(){}, doNo: function(){}};
  function dica(e) {
    var caixa = el('div', 'dica');
    caixa.appendChild(el('strong', null, e.tipo_rotulo + ': ' + e.descricao));
    caixa.appendChild(el('div', null, e.local_fuso.texto + ' (' + D.fuso + ', ' + e.local_fuso.deslocamento + ')'));
    caixa.appendChild(el('div', null, 'UTC: ' + e.utc));
    caixa.appendChild(el('div', null, 'Como escrito: ' + (e.escrito || '-') + (e.fuso ? ' (fuso no documento: ' + e.fuso + ')' : '')));
    caixa.appendChild(el('div', 'original', 'Texto original: ' + e.original));
    caixa.appendChild(el('div', null, e.arquivo + ', ' + e.local));
    return caixa;
  }
  function iniciarLinha() {
    var caixa = document.getElementById('linha-do-tempo');
    if (!D || !D.eventos.length) { return; }
    if (typeof vis === 'undefined' || !vis.Timeline) { throw new Error('vis-timeline não carregou'); }
    caixa.textContent = '';
    var grupos = new vis.DataSet(Object.keys(D.tipos_evento).map(function(t, i){
      var g = el('span', 'grupo-evento', D.tipos_evento[t].rotulo);
      g.style.borderLeft = '6px solid ' + D.tipos_evento[t].cor;
      return {id: t, content: g, order: i};
    }));
    var porId = {};
    var itens = new vis.DataSet(D.eventos.map(function(e){
      porId[e.id] = e;
      var curta = e.descricao.length > 34 ? e.descricao.slice(0, 33) + '…' : e.descricao;  // inteira na dica
      var c = el('span', null, e.local_fuso.hora + ' ' + curta);
      return {id: e.id, group: e.tipo, start: new Date(e.local_fuso.iso + 'Z'), content: c, title: dica(e),
        className: 'ev-' + e.tipo, style: 'border-color:' + e.cor + ';background-color:' + e.cor + '22'};
    }));
    var vista = new vis.DataView(itens, {filter: function(item){
      if (!filtroAtivo()) { return true; }
      return algumaVisivel(porId[item.id].conclusoes, conclusoesVisiveis());
    }});
    var instantes = D.eventos.map(function(e){ return Date.parse(e.local_fuso.iso + 'Z'); });
    var menor = Math.min.apply(null, instantes), maior = Math.max.apply(null, instantes);
    var folga = Math.max((maior - menor) * 0.05, 30 * 60 * 1000);
    var tl = new vis.Timeline(caixa, vista, grupos, {
      start: new Date(menor - folga), end: new Date(maior + Math.max((maior - menor) * 0.4, 3 * 3600 * 1000)), align: 'left',
      moment: function(d){ return vis.moment(d).utc(); },  // o eixo em "UTC" = a hora local já convertida em Python
      locale: 'en', stack: true, maxHeight: 460, minHeight: 160, zoomMin: 60 * 1000, orientation: 'top',
      tooltip: {followMouse: true, overflowMethod: 'cap'}, showCurrentTime: false, selectable: true, multiselect: true,
      format: {
        minorLabels: {millisecond: 'SSS', second: 'ss', minute: 'HH:mm', hour: 'HH:mm', weekday: 'DD/MM', day: 'DD/MM',
          week: 'DD/MM', month: 'MM/YYYY', year: 'YYYY'},
        majorLabels: {millisecond: 'HH:mm:ss', second: 'DD/MM/YYYY HH:mm', minute: 'DD/MM/YYYY', hour: 'DD/MM/YYYY',
          weekday: 'MM/YYYY', day: 'MM/YYYY', week: 'MM/YYYY', month: 'YYYY', year: ''}
      }
    });
    api.linha = tl;
    linha.aplicar = function(){ vista.refresh(); };
    linha.doNo = function(id){
      var ids = id ? (grafico.eventosDoNo && grafico.eventosDoNo[id]) || [] : [];
      var visiveis = {};
      vista.getIds().forEach(function(x){ visiveis[x] = true; });
      ids = ids.filter(function(x){ return visiveis[x]; });
      tl.setSelection(ids, {focus: ids.length > 0, animation: false});
      document.getElementById('linha-aviso').textContent = id ? plural(ids.length, 'evento', 'eventos') + ' de ' + rotuloNo(id) + ' selecionado' + (ids.length === 1 ? '' : 's') : '';
    };
    tl.on('select', function(props){
      var ents = [];
      props.items.forEach(function(x){ ents = ents.concat(porId[x].entidades); });
      grafico.destacar(ents);
      if (props.items.length === 1) {
        var e = porId[props.items[0]];
        painel(e.tipo_rotulo + ' ' + e.local_fuso.texto, [dica(e), el('h4', null, plural(e.entidades.length, 'entidade', 'entidades')),
          lista(e.entidades.map(rotuloNo)), el('h4', null, plural(e.conclusoes.length, 'conclusão', 'conclusões')),
          lista(e.conclusoes.map(linkConclusao))]);
      }
    });
    document.body.dataset.linha = 'pronta';
  }

  // --- início ---------------------------------------------------------------------------------------------------
  ['f-tipo', 'f-grau', 'f-veredicto'].forEach(function(id){
    document.getElementById(id).addEventListener('change', function(){ estado[id.slice(2)] = document.getElementById(id).value; aplicar(); });
  });
  decodeURIComponent(location.hash.replace(/^#/, '')).split('&').forEach(function(par){
    var i = par.indexOf('=');
    if (i < 0) { return; }
    var k = par.slice(0, i), v = par.slice(i + 1);
    if (k === 'no') { estado.no = v; return; }
    var campo = document.getElementById('f-' + k);
    if (campo && ['tipo', 'grau', 'veredicto'].indexOf(k) >= 0) { campo.value = v; estado[k] = campo.value; }
  });
  try { iniciarGrafico(); } catch (e) {
    api.erros.push(String(e));
    document.getElementById('grafico').textContent = 'O gráfico não pôde ser desenhado (' + e + '); os vínculos estão na tabela abaixo.';
  }
  try { iniciarLinha(); } catch (e) {
    api.erros.push(String(e));
    document.getElementById('linha-do-tempo').textContent = 'A linha do tempo não pôde ser desenhada (' + e + '); os eventos estão na tabela abaixo.';
  }
  aplicar();
  if (estado.no) { linha.doNo(estado.no); }
  document.body.dataset.pronto = 'sim';
})();
"""
