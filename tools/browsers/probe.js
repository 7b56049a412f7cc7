// probe.js is the probe that the corpus bodies carry (see attack.js); the
// red-team server reads it too. Only its last line is the probe.
(function(){var r={h:'',o:'',c:'',s:'',t:''};try{r.h=String(location.href).split('#')[0]}catch(e){}try{r.o=String(self.origin)}catch(e){}try{r.c=document.currentScript?document.currentScript.src:''}catch(e){}try{throw new Error('probe')}catch(e){r.s=String(e.stack).slice(0,600)}try{r.t=document.contentType}catch(e){}try{fetch('/__probe?'+encodeURIComponent(JSON.stringify(r)),{mode:'no-cors'})}catch(e){}})();
