package io.github.collapseexecutor.core.classic.async;

import io.github.collapseexecutor.core.Bundle;
import io.github.collapseexecutor.core.CollapseExecutorAsyncSupport;
import io.github.collapseexecutor.core.Input;
import io.github.collapseexecutor.core.classic.UserEntity;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

// The classic README's fifth example (batch, async), as written there, under the name it has there;
// its doExecute is left for the user to fill in. Only the imports are this library's.
public class CustomBlockingCollapseExecutor
    extends CollapseExecutorAsyncSupport<Long, UserEntity, Map<Long, UserEntity>> {
  @Override
  protected Map<Long, UserEntity> doExecute(Collection<Input<Long>> inputs) {
    // 此处编写批量请求逻辑
    return null;
  }

  @Override
  protected void bindingOutput(
      Map<Long, UserEntity> users, List<Bundle<Long, CompletableFuture<UserEntity>>> bundles) {
    for (Bundle<Long, CompletableFuture<UserEntity>> bundle : bundles) {
      Long inputId = bundle.getInput();
      UserEntity userEntity = users.get(inputId);
      // 需要返回CompletableFuture类型
      bundle.bindOutput(CompletableFuture.completedFuture(userEntity));
    }
  }
}
